import { downloadHeaders } from "@/lib/download-headers";
import { getAppContext } from "@/server/app-context";
import { getIssueEvent } from "@/server/events/get-issue-event";
import { httpStatusOf, isAppError } from "@/server/errors";
import { authorizeProject } from "@/server/access/authorize";

const issueIdPattern = /^[1-9]\d{0,14}$/;
const eventIdPattern = /^[0-9a-f]{32}$/i;

/**
 * The stored (normalized) event as a JSON download. Always an attachment with `nosniff`, so the event's
 * strings are never interpreted by the browser.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ projectSlug: string; issueId: string; eventId: string }> }): Promise<Response> {
  const context = await getAppContext();
  const { projectSlug, issueId, eventId } = await params;
  if (!issueIdPattern.test(issueId) || !eventIdPattern.test(eventId)) return new Response("Not found", { status: 404 });
  try {
    const { project } = await authorizeProject(context, "event.read", projectSlug);
    const event = await getIssueEvent(context, { projectId: project.id, issueId: Number(issueId), event: { eventId } });
    if (!event) return new Response("Not found", { status: 404 });
    const body = Buffer.from(`${JSON.stringify(event.payload, null, 2)}\n`, "utf8");
    return new Response(new Uint8Array(body), { headers: downloadHeaders(`event-${event.eventId}.json`, "application/json", body.byteLength) });
  } catch (error) {
    if (isAppError(error)) return new Response(error.message, { status: httpStatusOf(error), headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
