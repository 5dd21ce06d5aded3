import { downloadHeaders } from "@/lib/download-headers";
import { getAppContext } from "@/server/app-context";
import { getEventAttachment } from "@/server/events/get-event-attachment";
import { httpStatusOf, isAppError } from "@/server/errors";
import { authorizeProject } from "@/server/access/authorize";

const idPattern = /^[1-9]\d{0,14}$/;
const eventIdPattern = /^[0-9a-f]{32}$/i;

/**
 * One attachment of an event, as a download: `Content-Disposition: attachment`, `nosniff`, and a content
 * type that is inert (a few image and text types) or `application/octet-stream` — never served as a page.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ projectSlug: string; issueId: string; eventId: string; attachmentId: string }> }): Promise<Response> {
  const context = await getAppContext();
  const { projectSlug, issueId, eventId, attachmentId } = await params;
  if (!idPattern.test(issueId) || !idPattern.test(attachmentId) || !eventIdPattern.test(eventId)) return new Response("Not found", { status: 404 });
  try {
    const { project } = await authorizeProject(context, "attachment.read", projectSlug);
    const attachment = await getEventAttachment(context, { projectId: project.id, issueId: Number(issueId), eventId: eventId.toLowerCase(), attachmentId: Number(attachmentId) });
    return new Response(new Uint8Array(attachment.body), { headers: downloadHeaders(attachment.filename, attachment.contentType, attachment.body.byteLength) });
  } catch (error) {
    if (isAppError(error)) return new Response(error.message, { status: httpStatusOf(error), headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
