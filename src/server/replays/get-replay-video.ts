import type { AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { authorizeReplay } from "./get-replay";

/** One video segment of a mobile replay, with the content type to serve it as. */
export async function readReplayVideo(context: AccessContext, replayId: string, segmentId: number, options: { projectSlug?: string } = {}): Promise<{ contentType: string; body: Uint8Array }> {
  const row = await authorizeReplay(context, "replay.read", replayId, options);
  const segment = await context.db.selectFrom("replay_segments").select(["encoding", "body"]).where("replay_row_id", "=", row.id).where("kind", "=", "video").where("segment_id", "=", segmentId).executeTakeFirst();
  if (!segment) throw new AppError("not_found", `This replay has no video segment ${segmentId}.`);
  return { contentType: segment.encoding === "webm" ? "video/webm" : "video/mp4", body: segment.body };
}
