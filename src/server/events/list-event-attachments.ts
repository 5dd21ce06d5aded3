import { authorizeProjectId, type AccessContext } from "../access/authorize";
import type { EventAttachmentSummary } from "@/lib/views/events";
export type { EventAttachmentSummary } from "@/lib/views/events";

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
