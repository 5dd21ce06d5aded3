import { isPlayerAssetName, playerAssetHeaders, readPlayerAsset } from "@/server/replay-player/player-document";

/** GET /replays/player/assets/{name} — the player document's scripts and styles (public: no data in them). */
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }): Promise<Response> {
  const { name } = await params;
  if (!isPlayerAssetName(name)) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });
  const asset = readPlayerAsset(name);
  return new Response(new Uint8Array(asset.body), { headers: playerAssetHeaders(asset) });
}
