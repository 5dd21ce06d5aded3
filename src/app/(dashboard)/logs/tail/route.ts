import { z } from "zod";
import { getAppContext } from "@/server/app-context";
import { isBadRequest, logExplorerParams, logSearchOf } from "@/server/logs/explorer-params";
import { streamLogTail } from "@/server/logs/stream-log-tail";

const cursorInput = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const projectInput = z.coerce.number().int().positive().optional();

/**
 * GET /logs/tail?query=…&range=…&severity=…&projectId=…&after=<id> — the explorer's live tail as
 * Server-Sent Events (stream-log-tail.ts): new lines matching the page's search, of the projects the viewer
 * sees. A reconnecting EventSource's Last-Event-ID wins over `after`. A bad query is a 400 with the reason.
 */
export async function GET(request: Request): Promise<Response> {
  const context = await getAppContext();
  const url = new URL(request.url);
  const raw = Object.fromEntries(url.searchParams);
  const after = cursorInput.safeParse(request.headers.get("last-event-id") ?? raw.after);
  const projectId = projectInput.safeParse(raw.projectId || undefined);
  if (!after.success || !projectId.success) return Response.json({ error: "Pass after (a log line id) and, for one project, projectId." }, { status: 400 });
  let search;
  try {
    search = logSearchOf(logExplorerParams(raw), { projectId: projectId.data, environment: context.viewer.environmentFilter });
  } catch (error) {
    if (isBadRequest(error)) return Response.json({ error: error.message }, { status: 400 });
    throw error;
  }
  const stream = streamLogTail(context, search, { afterId: after.data, signal: request.signal });
  return new Response(stream, { headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" } });
}
