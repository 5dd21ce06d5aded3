import type { AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { authorizeReplay } from "./get-replay";
import { decodeReplaySegment } from "./read-replay-recording";
import { toReplayView } from "./replay-views";
import type { ReplayView } from "@/lib/views/replay";

export interface ReplaySegmentView {
  segmentId: number;
  kind: "rrweb" | "video";
  /** Bytes stored (compressed). */
  size: number;
  receivedAt: number;
  /** The segment's rrweb events (none for a video segment). */
  events: unknown[];
}

/**
 * A replay's segments in segment order — however they arrived, each stored once — with their rrweb events
 * decoded. `offset` and `limit` page through them (the API's recording-segments); the player reads all.
 */
export async function readReplaySegments(context: AccessContext, replayId: string, options: { projectSlug?: string; offset?: number; limit?: number; kind?: "rrweb" | "video" } = {}): Promise<{ replay: ReplayView; segments: ReplaySegmentView[] }> {
  const row = await authorizeReplay(context, "replay.read", replayId, options);
  const offset = options.offset ?? 0;
  const limit = options.limit ?? 10_000;
  if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(limit) || limit < 1) throw new AppError("bad_request", "Segments are paged by a whole offset and a positive limit.");
  let select = context.db.selectFrom("replay_segments").select(["segment_id", "kind", "size", "received_at", "encoding", "body"]).where("replay_row_id", "=", row.id);
  select = select.where("kind", "=", options.kind ?? "rrweb");
  const segments = await select.orderBy("segment_id").limit(limit).offset(offset).execute();
  return {
    replay: toReplayView(row),
    segments: segments.map((segment) => ({
      segmentId: Number(segment.segment_id),
      kind: segment.kind === "video" ? "video" : "rrweb",
      size: Number(segment.size),
      receivedAt: Number(segment.received_at),
      events: segment.kind === "video" ? [] : decodeReplaySegment(segment.body, segment.encoding),
    })),
  };
}
