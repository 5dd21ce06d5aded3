import { authorizeIssues, type AccessContext } from "../access/authorize";
import { selectFeedback, toFeedbackViews } from "./load-feedback-views";
import type { FeedbackView } from "@/lib/views/feedback";

/** The feedback on an issue's events (whatever its status), newest first; at most `limit`. */
export async function listIssueFeedback(context: AccessContext, issueId: number, limit = 100): Promise<FeedbackView[]> {
  await authorizeIssues(context, "feedback.list", [issueId]);
  const rows = await selectFeedback(context.db).where("events.issue_id", "=", issueId).orderBy("feedback.id", "desc").limit(limit).execute();
  return toFeedbackViews(context.db, rows);
}
