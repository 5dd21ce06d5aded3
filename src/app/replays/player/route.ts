import { playerDocumentHeaders, playerDocumentHtml } from "@/server/replay-player/player-document";

/**
 * GET /replays/player[?remote=1] — the isolated document the replay page frames (src/server/replay-player).
 * It holds no data (the recording arrives by postMessage from the page that frames it), so it needs no
 * session; `remote=1` is the viewer's per-replay opt-in to remote images, styles and fonts.
 */
export function GET(request: Request): Response {
  const url = new URL(request.url);
  const host = request.headers.get("host") ?? url.host;
  return new Response(playerDocumentHtml(), { headers: playerDocumentHeaders(host, url.searchParams.get("remote") === "1") });
}
