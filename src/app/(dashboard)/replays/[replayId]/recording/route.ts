import { sanitizeRrwebEvents } from "@/lib/replays/sanitize-rrweb-events";
import { sortRrwebEvents } from "@/lib/replays/replay-timeline";
import { getAppContext } from "@/server/app-context";
import { httpStatusOf, isAppError } from "@/server/errors";
import { readReplaySegments } from "@/server/replays/read-replay-segments";

const replayIdPattern = /^[0-9a-fA-F]{32}$/;

/**
 * GET /replays/{replayId}/recording — the rrweb events the replay page hands to its isolated player: every
 * stored segment in one list sorted by time (segments may have come out of order), with whatever could
 * run or navigate removed (sanitize-rrweb-events). 404 for a replay the viewer cannot see.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ replayId: string }> }): Promise<Response> {
  const context = await getAppContext();
  const { replayId } = await params;
  const textHeaders = { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" };
  if (!replayIdPattern.test(replayId)) return new Response("Not found", { status: 404, headers: textHeaders });
  try {
    const { segments } = await readReplaySegments(context, replayId.toLowerCase());
    const events = sanitizeRrwebEvents(sortRrwebEvents(segments.flatMap((segment) => (segment.kind === "rrweb" ? segment.events : []))));
    return new Response(JSON.stringify(events), { headers: { "Content-Type": "application/json; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (isAppError(error)) return new Response(error.message, { status: httpStatusOf(error), headers: textHeaders });
    throw error;
  }
}
