import { deflateSync, gzipSync } from "node:zlib";
import { encode } from "@msgpack/msgpack";
import { describe, expect, it } from "vitest";
import { defaultScrubSettings } from "../digest/scrub-event";
import { decodeReplaySegment, readReplayRecording } from "./read-replay-recording";
import { readReplayVideoItem, videoContainerOf } from "./read-replay-video";

const events = [{ type: 4, timestamp: 1_700_000_000_000, data: { href: "https://shop.example/?session_token=abc", width: 1, height: 1 } }, { type: 5, timestamp: 1_700_000_001_000, data: { tag: "breadcrumb", payload: { category: "ui.click", message: "button" } } }];
const recording = (body: Buffer, segmentId = 3) => new Uint8Array(Buffer.concat([Buffer.from(`{"segment_id":${segmentId}}\n`), body]));

describe("readReplayRecording", () => {
  it("reads zlib, gzip and plain recordings, keeps the SDK's bytes when nothing was scrubbed, and counts clicks", () => {
    const clean = [events[1]];
    const json = Buffer.from(JSON.stringify(clean));
    const zlib = deflateSync(json);
    const fromZlib = readReplayRecording(recording(zlib), defaultScrubSettings);
    expect(fromZlib).toMatchObject({ segmentId: 3, encoding: "zlib", clicks: 1, scrubbed: 0, firstTimestamp: 1_700_000_001_000 });
    expect(Buffer.from(fromZlib.body).equals(zlib)).toBe(true);
    expect(readReplayRecording(recording(gzipSync(json)), defaultScrubSettings).encoding).toBe("gzip");
    const plain = readReplayRecording(recording(json), defaultScrubSettings);
    expect(plain.encoding).toBe("zlib");
    expect(decodeReplaySegment(plain.body, plain.encoding)).toEqual(clean);
  });

  it("scrubs a secret in a recorded URL and re-encodes the segment", () => {
    const read = readReplayRecording(recording(deflateSync(JSON.stringify(events))), defaultScrubSettings);
    expect(read.scrubbed).toBe(1);
    expect(JSON.stringify(decodeReplaySegment(read.body, read.encoding))).toContain("session_token=[Filtered]");
  });

  it("refuses a recording without its header line or segment id", () => {
    expect(() => readReplayRecording(new Uint8Array(deflateSync("[]")), defaultScrubSettings)).toThrow(/header line/);
    expect(() => readReplayRecording(new Uint8Array(Buffer.from('{"segment":1}\n[]')), defaultScrubSettings)).toThrow(/needs a segment_id/);
  });
});

describe("readReplayVideoItem", () => {
  it("reads the MessagePack map of a mobile replay video and tells mp4 from webm", () => {
    const video = new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70]);
    const parts = readReplayVideoItem(encode({ replay_event: new TextEncoder().encode("{}"), replay_recording: recording(deflateSync("[]"), 0), replay_video: video }));
    expect(parts.video).toEqual(video);
    expect(videoContainerOf(parts.video)).toBe("mp4");
    expect(videoContainerOf(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]))).toBe("webm");
    expect(() => readReplayVideoItem(encode({ replay_event: "{}" }))).toThrow(/no replay_video bytes/);
  });
});
