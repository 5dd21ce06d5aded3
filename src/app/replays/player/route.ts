import { playerDocumentHeaders, playerDocumentHtml } from "@/server/replay-player/player-document";

/**
 * GET /replays/player[?replay={id}&at={ms}][&remote=1] — the isolated document the replay page frames
 * (src/server/replay-player). It holds no data, so it needs no session: with `replay` its script fetches that
 * replay's recording with the viewer's own session (the one path its policy lets it fetch) and starts the
 * player at `at`; `remote=1` is the viewer's per-replay opt-in to remote images, styles and fonts.
 */
export function GET(request: Request): Response {
  const url = new URL(request.url);
  const host = request.headers.get("host") ?? url.host;
  const replayId = url.searchParams.get("replay")?.toLowerCase() ?? null;
  const start = replayId !== null && /^[0-9a-f]{32}$/.test(replayId) ? { replayId, atMs: Number(url.searchParams.get("at")) || 0 } : null;
  return new Response(playerDocumentHtml(start), { headers: playerDocumentHeaders(host, url.searchParams.get("remote") === "1", start?.replayId ?? null) });
}
