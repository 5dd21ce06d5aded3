import { z } from "zod";
import { authorizeIssues, type AccessContext } from "../access/authorize";
import { isForeignKeyViolation } from "../db/is-foreign-key-violation";
import { AppError } from "../errors";

export const SetIssueBookmarkInput = z.object({ issueId: z.number().int().positive(), bookmarked: z.boolean() });
export type SetIssueBookmarkInput = z.input<typeof SetIssueBookmarkInput>;

/**
 * Bookmarks an issue for the viewer, or takes the bookmark away: a person's own list (`bookmarks:me`), so
 * anyone who can see the issue may, and only for themselves. Idempotent. The CLI's system actor has no
 * bookmarks.
 */
export async function setIssueBookmark(context: AccessContext, input: SetIssueBookmarkInput): Promise<{ bookmarked: boolean }> {
  const parsed = SetIssueBookmarkInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Say which issue, and whether to bookmark it.");
  const { issueId, bookmarked } = parsed.data;
  await authorizeIssues(context, "issue.bookmark", [issueId]);
  const userId = context.viewer.userId;
  const user = await context.db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  if (!user) throw new AppError("bad_request", "Only a person's account keeps bookmarks.");
  if (!bookmarked) {
    await context.db.deleteFrom("issue_bookmarks").where("user_id", "=", userId).where("issue_id", "=", issueId).execute();
    return { bookmarked };
  }
  try {
    await context.db.insertInto("issue_bookmarks").values({ user_id: userId, issue_id: issueId, created_at: Date.now() }).onConflict((oc) => oc.columns(["user_id", "issue_id"]).doNothing()).execute();
  } catch (error) {
    // A deleted issue between the check and the insert is a missing issue, like any other.
    if (isForeignKeyViolation(error)) throw new AppError("not_found", `No issue has id ${issueId}.`);
    throw error;
  }
  return { bookmarked };
}
