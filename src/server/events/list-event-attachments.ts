import { authorizeProjectId, type AccessContext } from "../access/authorize";

export interface EventAttachmentSummary {
  id: number;
  filename: string;
  contentType: string | null;
  /** Sentry's `attachment_type`: event.attachment, event.minidump, event.view_hierarchy… */
  attachmentType: string;
  size: number;
}

/** The attachments stored for one event (the bodies stay in the database until downloaded). */
export async function listEventAttachments(context: AccessContext, { projectId, eventId }: { projectId: number; eventId: string }): Promise<EventAttachmentSummary[]> {
  await authorizeProjectId(context, "attachment.read", projectId);
  return context.db
    .selectFrom("attachments")
    .select(["id", "filename", "content_type as contentType", "attachment_type as attachmentType", "size"])
    .where("project_id", "=", projectId)
    .where("event_id", "=", eventId)
    .orderBy("id")
    .execute();
}
