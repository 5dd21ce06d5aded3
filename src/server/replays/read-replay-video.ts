import { decode } from "@msgpack/msgpack";
import { isRecord } from "@/lib/json-values";

/** A mobile SDK's `replay_video` item: one video segment with its replay event and rrweb recording. */
export interface ReplayVideoParts {
  replayEvent: Uint8Array | null;
  replayRecording: Uint8Array | null;
  video: Uint8Array;
}

/**
 * The item is a MessagePack map `{replay_event, replay_recording, replay_video}` of byte strings (sentry
 * protocol: replay_video). Decoded with caps so a hostile map cannot allocate more than the item's size.
 */
export function readReplayVideoItem(payload: Uint8Array): ReplayVideoParts {
  let value: unknown;
  try {
    value = decode(payload, { maxStrLength: payload.length, maxBinLength: payload.length, maxArrayLength: 16, maxMapLength: 16, maxExtLength: 0 });
  } catch {
    throw new Error("a replay_video item is not a MessagePack map");
  }
  if (!isRecord(value)) throw new Error("a replay_video item is not a MessagePack map");
  const video = bytes(value.replay_video);
  if (video === null || video.length === 0) throw new Error("a replay_video item has no replay_video bytes");
  return { replayEvent: bytes(value.replay_event), replayRecording: bytes(value.replay_recording), video };
}

/** mp4 (an `ftyp` box at offset 4) or webm (EBML magic); mobile SDKs send mp4. */
export function videoContainerOf(video: Uint8Array): "mp4" | "webm" {
  if (video[0] === 0x1a && video[1] === 0x45 && video[2] === 0xdf && video[3] === 0xa3) return "webm";
  return "mp4";
}

function bytes(value: unknown): Uint8Array | null {
  if (value instanceof Uint8Array) return value;
  if (typeof value === "string") return new TextEncoder().encode(value);
  return null;
}
