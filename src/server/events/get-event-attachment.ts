import { authorizeIssues, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";

export interface EventAttachment {
  filename: string;
  contentType: string | null;
  size: number;
  body: Uint8Array;
}

interface GetEventAttachmentInput {
  projectId: number;
  issueId: number;
  eventId: string;
  attachmentId: number;
}

/**
 * One attachment with its bytes, only when it belongs to the named event of the named issue, so a
 * download URL cannot reach another project's (or issue's) files by changing an id.
 */
export async function getEventAttachment(context: AccessContext, input: GetEventAttachmentInput): Promise<EventAttachment> {
  await authorizeIssues(context, "attachment.read", [input.issueId]);
  const row = await context.db
    .selectFrom("attachments")
    .innerJoin("events", (join) => join.onRef("events.project_id", "=", "attachments.project_id").onRef("events.event_id", "=", "attachments.event_id"))
    .select(["attachments.filename", "attachments.content_type", "attachments.size", "attachments.body"])
    .where("attachments.id", "=", input.attachmentId)
    .where("attachments.project_id", "=", input.projectId)
    .where("attachments.event_id", "=", input.eventId)
    .where("events.issue_id", "=", input.issueId)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", "There is no such attachment.");
  return { filename: row.filename, contentType: row.content_type, size: row.size, body: row.body };
}
