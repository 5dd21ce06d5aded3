import { deflateSync } from "node:zlib";
import { expect } from "vitest";
import { getReplay } from "@/server/replays/get-replay";
import { readReplaySegments } from "@/server/replays/read-replay-segments";
import { insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { hour, now, projectIdOf, type Upgraded } from "../seed-world";

const replayId = "0123456789abcdef0123456789abcdef";

/** A replay of checkout as 0036 stores it: its index row and one zlib segment. */
export async function seed(target: SeedTarget): Promise<void> {
  const checkout = await projectIdOf(target, "checkout");
  const id = await insertRowReturningId(target, "replays", {
    project_id: checkout,
    replay_id: replayId,
    started_at: now - hour,
    finished_at: now - hour + 65_000,
    received_at: now - hour,
    updated_at: now - hour + 65_000,
    urls: JSON.stringify(["https://shop.example.com/cart"]),
    error_ids: "[]",
    trace_ids: "[]",
    count_segments: 1,
    user_email: "ada@example.com",
    browser_name: "Chrome",
    stored_bytes: 20,
  });
  const body = deflateSync(Buffer.from(JSON.stringify([{ type: 4, timestamp: now - hour, data: { href: "https://shop.example.com/cart", width: 800, height: 600 } }])));
  await insertRow(target, "replay_segments", { replay_row_id: id, kind: "rrweb", segment_id: 0, encoding: "zlib", size: body.length, received_at: now - hour, body });
}

export async function check({ context }: Upgraded): Promise<void> {
  const replay = await getReplay(context, replayId);
  expect(replay).toMatchObject({ durationMs: 65_000, urls: ["https://shop.example.com/cart"], user: { display: "ada@example.com" }, browser: { name: "Chrome" } });
  const { segments } = await readReplaySegments(context, replayId);
  expect(segments.map((segment) => segment.events.length)).toEqual([1]);
}
