import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { breadcrumbEvent, recordedPage, replaySegmentEnvelope, storeReplaySegment } from "../../../tests/replays/replay-envelopes";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { testDialect } from "../../../tests/support/test-database";
import { createTwoTeamProjects, rejection, type TwoTeamProjects } from "../../../tests/support/two-team-projects";
import { digestBatch } from "../digest/digest-batch";
import { writeTransaction } from "../db/write-transaction";
import { countReplaysForIssues } from "./count-replays-for-issues";
import { getReplay } from "./get-replay";
import { listIssueReplays } from "./list-issue-replays";
import { listReplays } from "./list-replays";
import { pruneReplays, pruneReplaysToDiskShare } from "./prune-replays";
import { readReplaySegments } from "./read-replay-segments";
import { writeReplays } from "./write-replays";

const replayA = "a".repeat(32);
const replayB = "b".repeat(32);
const replayOther = "c".repeat(32);
const card = "4242 4242 4242 4242";

async function digestAll(setup: TwoTeamProjects): Promise<void> {
  while ((await digestBatch(setup.database)) > 0);
}

function textNode(id: number, textContent: string): unknown {
  return { type: 3, id, textContent };
}

describe(`session replays on ${testDialect}`, () => {
  let setup: TwoTeamProjects;
  const start = Date.now() - 120_000;
  let errorEventId = "";

  beforeAll(async () => {
    setup = await createTwoTeamProjects("replays");
    const db = setup.database.db;
    // Segment 2 first, segment 1 twice, segment 0 last: out of order and repeated, as retries deliver them.
    const second = [breadcrumbEvent(start + 12_000, "ui.click", {}, "button#pay"), { type: 3, timestamp: start + 14_000, data: { source: 0, texts: [], attributes: [], removes: [], adds: [{ parentId: 5, nextId: null, node: textNode(30, "Thanks for your order") }] } }];
    const first = [
      breadcrumbEvent(start + 6_000, "ui.click", {}, "input#card"),
      breadcrumbEvent(start + 7_000, "ui.slowClickDetected", { endReason: "timeout", clickCount: 6, timeAfterClickMs: 7000 }),
      { type: 3, timestamp: start + 8_000, data: { source: 5, id: 21, text: card, isChecked: false } },
    ];
    await storeReplaySegment(db, setup.shopId, { replayId: replayA, segmentId: 2, events: second, startedAt: start, replayEvent: { urls: ["https://shop.example/done?token=abc123"], error_ids: [] } });
    await storeReplaySegment(db, setup.shopId, { replayId: replayA, segmentId: 1, events: first, startedAt: start, encoding: "gzip", replayEvent: { error_ids: ["e".repeat(32)], trace_ids: ["f".repeat(32)] } });
    await storeReplaySegment(db, setup.shopId, { replayId: replayA, segmentId: 1, events: first, startedAt: start, encoding: "gzip", replayEvent: { error_ids: ["e".repeat(32)] } });
    await storeReplaySegment(db, setup.shopId, {
      replayId: replayA,
      segmentId: 0,
      startedAt: start,
      encoding: "none",
      events: recordedPage(start, [{ type: 2, id: 10, tagName: "h1", attributes: {}, childNodes: [textNode(11, "Checkout")] }, { type: 2, id: 21, tagName: "input", attributes: { type: "password", value: "hunter2" }, childNodes: [] }, { type: 2, id: 22, tagName: "a", attributes: { href: "https://shop.example/account?api_key=sekrit" }, childNodes: [textNode(23, `Card ${card}`)] }]),
      replayEvent: { urls: ["https://shop.example/checkout"], user: { id: "u-1", email: "ada@shop.example" }, release: "shop@1.2.0" },
    });
    await storeReplaySegment(db, setup.shopId, { replayId: replayB, segmentId: 0, events: recordedPage(start + 30_000, []), startedAt: start + 30_000, replayEvent: { urls: ["https://shop.example/cart"], environment: "staging", user: { email: "bob@shop.example" } } });
    await storeReplaySegment(db, setup.otherId, { replayId: replayOther, segmentId: 0, events: recordedPage(start, []), replayEvent: { urls: ["https://other.example/"] } });
    await storeFixtureEvent(db, setup.shopId, "node-message.envelope", (event) => {
      event.message = "Payment failed";
      event.contexts = { replay: { replay_id: replayA } };
      errorEventId = event.event_id as string;
    });
    await digestAll(setup);
  });
  afterAll(() => setup.database.destroy());

  it("merges a replay's events and segments into one row, each segment once, whatever the order", async () => {
    const replay = await getReplay(await setup.contextOf(setup.member), replayA);
    expect(replay).toMatchObject({
      id: replayA,
      projectSlug: expect.stringContaining("shop") as string,
      countSegments: 3,
      countErrors: 1,
      errorIds: ["e".repeat(32)],
      traceIds: ["f".repeat(32)],
      countClicks: 2,
      countDeadClicks: 1,
      countRageClicks: 1,
      release: "shop@1.2.0",
      environment: "production",
      user: { id: "u-1", email: "ada@shop.example", display: "ada@shop.example" },
      browser: { name: "Chrome" },
      os: { name: "Linux" },
      dropped: [],
    });
    expect(replay.startedAt).toBe(start);
    expect(replay.finishedAt).toBe(start + 14_000);
    expect(replay.urls).toEqual(["https://shop.example/checkout", "https://shop.example/done?token=[Filtered]"]);
    const { segments } = await readReplaySegments(await setup.contextOf(setup.member), replayA);
    expect(segments.map((segment) => segment.segmentId)).toEqual([0, 1, 2]);
    expect(JSON.stringify(segments.at(-1)!.events)).toContain("Thanks for your order");
  });

  it("scrubs the recording before it is stored: text, attributes, typed input and password values", async () => {
    const { segments } = await readReplaySegments(await setup.contextOf(setup.member), replayA);
    const recorded = JSON.stringify(segments.flatMap((segment) => segment.events));
    expect(recorded).toContain("Checkout");
    expect(recorded).not.toContain(card);
    expect(recorded).not.toContain("hunter2");
    expect(recorded).toContain('"value":"*******"');
    expect(recorded).not.toContain("sekrit");
    const rows = await setup.database.db.selectFrom("replay_segments").select(["segment_id", "encoding", "body"]).orderBy("segment_id").execute();
    for (const row of rows) expect(["zlib", "gzip"]).toContain(row.encoding);
    expect(inflateSync(rows.find((row) => row.segment_id === 0)!.body).toString()).not.toContain(card);
    // The raw envelope kept for LANTERN_RAW_RETENTION_HOURS was rewritten too.
    const intake = await setup.database.db.selectFrom("intake").innerJoin("intake_bodies", "intake_bodies.intake_id", "intake.id").select(["intake.digest_error"]).where("intake.project_id", "=", setup.shopId).execute();
    expect(intake.every((row) => row.digest_error === null)).toBe(true);
  });

  it("links the error event to its replay, for the issue page and the replay count", async () => {
    const event = await setup.database.db.selectFrom("events").select(["issue_id", "replay_id"]).where("event_id", "=", errorEventId).executeTakeFirstOrThrow();
    expect(event.replay_id).toBe(replayA);
    const member = await setup.contextOf(setup.member);
    const replays = await listIssueReplays(member, Number(event.issue_id));
    expect(replays.map((row) => [row.replay.id, row.eventId])).toEqual([[replayA, errorEventId]]);
    expect(await countReplaysForIssues(member, [Number(event.issue_id)])).toEqual(new Map([[Number(event.issue_id), 1]]));
    expect((await rejection(listIssueReplays(await setup.contextOf(setup.outsider), Number(event.issue_id)))).code).toBe("not_found");
  });

  it("lists and searches replays with Sentry's syntax, sorted and paged, only in projects the viewer sees", async () => {
    const member = await setup.contextOf(setup.member);
    const ids = async (input: Parameters<typeof listReplays>[1]) => (await listReplays(member, input)).replays.map((replay) => replay.id);
    expect(await ids({})).toEqual([replayB, replayA]);
    expect(await ids({ sort: "started_at" })).toEqual([replayA, replayB]);
    expect(await ids({ sort: "-count_errors" })).toEqual([replayA, replayB]);
    expect(await ids({ query: "count_errors:>0" })).toEqual([replayA]);
    expect(await ids({ query: "user.email:bob@shop.example" })).toEqual([replayB]);
    expect(await ids({ query: "url:*cart*" })).toEqual([replayB]);
    expect(await ids({ query: "!environment:staging" })).toEqual([replayA]);
    expect(await ids({ query: "duration:>10s" })).toEqual([replayA]);
    expect(await ids({ query: "browser.name:chrome release:shop@1.2.0" })).toEqual([replayA]);
    expect(await ids({ query: `error_ids:${"e".repeat(32)}` })).toEqual([replayA]);
    expect(await ids({ query: "ada" })).toEqual([replayA]);
    const page = await listReplays(member, { limit: 1 });
    expect(page.nextCursor).toBe("0:1:0");
    expect((await listReplays(member, { limit: 1, cursor: page.nextCursor! })).replays.map((replay) => replay.id)).toEqual([replayA]);
    expect((await rejection(listReplays(member, { query: "shoe.size:9" }))).message).toContain('cannot be searched by "shoe.size"');
    expect((await rejection(listReplays(member, { sort: "colour" }))).code).toBe("bad_request");
    expect((await listReplays(await setup.contextOf(setup.outsider), {})).replays.map((replay) => replay.id)).toEqual([replayOther]);
    expect((await rejection(getReplay(await setup.contextOf(setup.outsider), replayA))).code).toBe("not_found");
  });

  it("names a segment it could not keep on its replay, and keeps playing the rest", async () => {
    const replayId = "d".repeat(32);
    const bomb = Buffer.alloc(101 * 1024 * 1024, 0x20);
    bomb[0] = 0x5b;
    const envelope = replaySegmentEnvelope({ replayId, segmentId: 0, events: recordedPage(start, []) });
    await storeReplaySegment(setup.database.db, setup.shopId, { replayId, segmentId: 0, events: recordedPage(start, []) });
    const { deflateSync } = await import("node:zlib");
    const bombItem = Buffer.concat([Buffer.from('{"segment_id":1}\n'), deflateSync(bomb)]);
    const body = Buffer.concat([envelope.subarray(0, envelope.indexOf("\n")), Buffer.from(`\n{"type":"replay_recording","length":${bombItem.length}}\n`), bombItem]);
    await storeEnvelope(setup.database.db, setup.shopId, body, { eventId: replayId, itemTypes: ["replay_recording"], summary: null, sdkName: null });
    await digestAll(setup);
    const replay = await getReplay(await setup.contextOf(setup.member), replayId);
    expect(replay.countSegments).toBe(1);
    expect(replay.dropped).toEqual(["a replay_recording item was not kept: segment 1 is over 100 MiB decompressed"]);
  });

  it("refuses segments past a replay's caps and says so", async () => {
    const replayId = "9".repeat(32);
    const segment = (segmentId: number, size: number) => ({ projectId: setup.shopId, replayId, receivedAt: Date.now(), kind: "rrweb" as const, segmentId, encoding: "none", body: new Uint8Array(size), firstTimestamp: start, lastTimestamp: start + segmentId, clicks: 0, deadClicks: 0, rageClicks: 0 });
    await writeTransaction(setup.database, (trx) => writeReplays(trx, setup.database.dialect, { replayEvents: [], replayDrops: [], replaySegments: [segment(0, 10), segment(1, 10), segment(2, 10)] }, { maxSegments: 2, maxBytes: 1000 }));
    await writeTransaction(setup.database, (trx) => writeReplays(trx, setup.database.dialect, { replayEvents: [], replayDrops: [], replaySegments: [segment(3, 2000)] }, { maxSegments: 10, maxBytes: 1000 }));
    const replay = await getReplay(await setup.contextOf(setup.member), replayId);
    expect(replay.countSegments).toBe(2);
    expect(replay.dropped).toEqual(["Segment 2 was refused: a replay keeps at most 2 segments", "Segment 3 was refused: a replay keeps at most 1000 bytes"]);
  });

  it("prunes replays past their retention and past their share of the disk budget, with their segments", async () => {
    const admin = await setup.contextOf(setup.admin);
    const before = (await listReplays(admin, { limit: 100 })).replays.length;
    expect(await pruneReplays(setup.database, 30, Date.now())).toBe(0);
    const replay = await getReplay(admin, replayB);
    expect(await pruneReplaysToDiskShare(setup.database, replay.storedBytes * 1000, 25)).toBe(0);
    const totalBytes = (await setup.database.db.selectFrom("replays").select("stored_bytes").execute()).reduce((sum, row) => sum + Number(row.stored_bytes), 0);
    // A share just under what is stored: only the oldest go, until 90 % of the share is left.
    expect(await pruneReplaysToDiskShare(setup.database, totalBytes * 4 - 4, 25)).toBeGreaterThan(0);
    expect((await listReplays(admin, { limit: 100 })).replays.length).toBeLessThan(before);
    expect(await pruneReplays(setup.database, 30, Date.now() + 31 * 86_400_000)).toBeGreaterThan(0);
    expect(await setup.database.db.selectFrom("replay_segments").select("segment_id").execute()).toEqual([]);
    expect(await setup.database.db.selectFrom("replays").select("id").execute()).toEqual([]);
  });
});
