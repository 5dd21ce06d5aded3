import type { AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { authorizeFeedback } from "./authorize-feedback";
import { screenshotContentTypes } from "./load-feedback-views";

export interface FeedbackScreenshotFile {
  filename: string;
  contentType: (typeof screenshotContentTypes)[number];
  body: Uint8Array;
}

/**
 * A screenshot sent with a piece of feedback: an attachment of the feedback's own event whose content type is
 * png, jpeg or webp — nothing else is served from here, so the route can show it as an image.
 */
export async function getFeedbackScreenshot(context: AccessContext, input: { feedbackId: number; attachmentId: number }): Promise<FeedbackScreenshotFile> {
  await authorizeFeedback(context, "attachment.read", input.feedbackId);
  const row = await context.db
    .selectFrom("attachments")
    .innerJoin("feedback", (join) => join.onRef("feedback.project_id", "=", "attachments.project_id").onRef("feedback.event_id", "=", "attachments.event_id"))
    .select(["attachments.filename", "attachments.content_type", "attachments.body"])
    .where("feedback.id", "=", input.feedbackId)
    .where("feedback.source", "!=", "user_report")
    .where("attachments.id", "=", input.attachmentId)
    .where("attachments.content_type", "in", [...screenshotContentTypes])
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", "There is no such screenshot.");
  return { filename: row.filename, contentType: row.content_type as FeedbackScreenshotFile["contentType"], body: row.body };
}
