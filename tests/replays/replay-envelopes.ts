import { deflateSync, gzipSync } from "node:zlib";
import type { Kysely } from "kysely";
import type { Database } from "@/server/db/schema";
import { buildEnvelope } from "../support/sdk-helpers";
import { storeEnvelope } from "../support/store-envelope";

export interface ReplaySegmentSeed {
  replayId: string;
  segmentId: number;
  /** The segment's rrweb events. */
  events: unknown[];
  /** How the recording is sent: zlib (the browser SDK's default), gzip, or plain JSON. */
  encoding?: "zlib" | "gzip" | "none";
  /** Fields of the replay_event beside the ones made here (false: send no replay_event item). */
  replayEvent?: Record<string, unknown> | false;
  /** ms; the replay's start (segment 0's time by default). */
  startedAt?: number;
}

/**
 * One replay segment as the browser SDK sends it (telemetry-protocol §1.9): an envelope whose header's
 * event_id is the replay id, a `replay_event` and a `replay_recording` (`{"segment_id":N}` + newline + the
 * rrweb JSON, zlib-compressed), with `length` headers.
 */
export function replaySegmentEnvelope(seed: ReplaySegmentSeed): Buffer {
  const timestamps = seed.events.map((event) => (event as { timestamp?: number }).timestamp).filter((value): value is number => typeof value === "number");
  const end = timestamps.length > 0 ? Math.max(...timestamps) : Date.now();
  const startedAt = seed.startedAt ?? (timestamps.length > 0 ? Math.min(...timestamps) : end);
  const json = Buffer.from(JSON.stringify(seed.events));
  const body = seed.encoding === "gzip" ? gzipSync(json) : seed.encoding === "none" ? json : deflateSync(json);
  const recording = Buffer.concat([Buffer.from(`{"segment_id":${seed.segmentId}}\n`), body]);
  const items: { header: Record<string, unknown>; payload: string | Uint8Array; withLength?: boolean }[] = [];
  if (seed.replayEvent !== false) {
    const replayEvent = {
      type: "replay_event",
      event_id: seed.replayId,
      replay_id: seed.replayId,
      segment_id: seed.segmentId,
      replay_type: "session",
      timestamp: end / 1000,
      replay_start_timestamp: startedAt / 1000,
      urls: [],
      error_ids: [],
      trace_ids: [],
      platform: "javascript",
      environment: "production",
      sdk: { name: "sentry.javascript.browser", version: "10.78.0" },
      request: { url: "https://shop.example/", headers: [["User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"]] },
      ...seed.replayEvent,
    };
    items.push({ header: { type: "replay_event" }, payload: JSON.stringify(replayEvent), withLength: true });
  }
  items.push({ header: { type: "replay_recording" }, payload: recording });
  return buildEnvelope({ event_id: seed.replayId, sent_at: new Date().toISOString(), sdk: { name: "sentry.javascript.browser", version: "10.78.0" } }, items);
}

/** Commits one segment's envelope to the intake as ingest would; digest stores it. */
export function storeReplaySegment(db: Kysely<Database>, projectId: number, seed: ReplaySegmentSeed): Promise<number> {
  return storeEnvelope(db, projectId, replaySegmentEnvelope(seed), { eventId: seed.replayId, itemTypes: seed.replayEvent === false ? ["replay_recording"] : ["replay_event", "replay_recording"], summary: null, sdkName: "sentry.javascript.browser" });
}

/** A small recorded page as rrweb events (Meta, FullSnapshot), with `body` as the HTML body's children. */
export function recordedPage(atMs: number, body: unknown[], href = "https://shop.example/checkout"): unknown[] {
  return [
    { type: 4, timestamp: atMs, data: { href, width: 1280, height: 720 } },
    {
      type: 2,
      timestamp: atMs + 1,
      data: {
        node: {
          type: 0,
          id: 1,
          childNodes: [
            { type: 1, id: 2, name: "html", publicId: "", systemId: "" },
            {
              type: 2,
              id: 3,
              tagName: "html",
              attributes: {},
              childNodes: [
                { type: 2, id: 4, tagName: "head", attributes: {}, childNodes: [] },
                { type: 2, id: 5, tagName: "body", attributes: {}, childNodes: body },
              ],
            },
          ],
        },
        initialOffset: { left: 0, top: 0 },
      },
    },
  ];
}

/** The SDK's breadcrumb custom event (rrweb type 5, tag "breadcrumb"). */
export function breadcrumbEvent(atMs: number, category: string, data: Record<string, unknown> = {}, message?: string): unknown {
  return { type: 5, timestamp: atMs, data: { tag: "breadcrumb", payload: { timestamp: atMs / 1000, type: "default", category, ...(message ? { message } : {}), data } } };
}
