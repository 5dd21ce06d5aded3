import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemContext } from "@/server/access/system-context";
import { getReplay } from "@/server/replays/get-replay";
import { readReplaySegments } from "@/server/replays/read-replay-segments";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { buildEnvelope, postToIngest } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestConfig } from "../support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";
import { recordedPage, replaySegmentEnvelope } from "./replay-envelopes";

/**
 * Issue 33, acceptance 4 at the ingest level: segments that arrive out of order or twice are one timeline; a
 * segment over Relay's 10 MiB is refused with a reason (413) and the rest of the replay still plays; hostile
 * replay items are answered, never crash ingest or digest.
 */
describe(`replay segments through ingest on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  const replayId = "7".repeat(32);
  const start = Date.now() - 60_000;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "javascript" });
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  const post = (body: Uint8Array) => postToIngest(server, shop.project.id, body, { key: shop.key.public_key });
  const segment = (segmentId: number, text: string) => replaySegmentEnvelope({ replayId, segmentId, startedAt: start, events: segmentId === 0 ? recordedPage(start, []) : [{ type: 3, timestamp: start + segmentId * 5000, data: { source: 0, texts: [], attributes: [], removes: [], adds: [{ parentId: 5, nextId: null, node: { type: 3, id: 100 + segmentId, textContent: text } }] } }] });

  it("stores segments sent out of order and twice once each, in order, and refuses one over 10 MiB with a reason", async () => {
    for (const body of [segment(2, "third"), segment(0, ""), segment(2, "third"), segment(1, "second")]) expect((await post(body)).status).toBe(200);
    // A large segment the SDK compressed is kept as it came: not compressed a second time at ingest.
    expect((await post(segment(5, randomBytes(200_000).toString("hex")))).status).toBe(200);
    const raw = await database.db.selectFrom("intake_bodies").select(["encoding", "body"]).orderBy("intake_id", "desc").executeTakeFirstOrThrow();
    expect(raw.encoding).toBe("identity");
    expect(raw.body.length).toBeGreaterThan(200_000);
    const oversizedRecording = Buffer.concat([Buffer.from('{"segment_id":3}\n'), Buffer.from([0x78, 0x9c]), randomBytes(10 * 1024 * 1024)]);
    const oversized = await post(buildEnvelope({ event_id: replayId }, [{ header: { type: "replay_recording" }, payload: oversizedRecording }]));
    expect(oversized.status).toBe(413);
    expect(await oversized.text()).toMatch(/replay_recording\) is 1048\d{4} bytes; a replay segment is at most 10485760 compressed/);
    expect((await post(segment(4, "fifth"))).status).toBe(200);
    await server.service.digest.drain();
    const context = systemContext(database, createTestConfig());
    const { replay, segments } = await readReplaySegments(context, replayId);
    expect(segments.map((item) => item.segmentId)).toEqual([0, 1, 2, 4, 5]);
    expect(replay.countSegments).toBe(5);
    const texts = segments.flatMap((item) => item.events).map((event) => JSON.stringify(event)).join("");
    expect(texts.indexOf("second")).toBeLessThan(texts.indexOf("third"));
    expect(texts).toContain("fifth");
  });

  it("answers hostile replay items with a reason and keeps digesting", async () => {
    const bad = await post(buildEnvelope({ event_id: replayId }, [{ header: { type: "replay_event" }, payload: "{not json" }]));
    expect(bad.status).toBe(400);
    const noHeader = await post(buildEnvelope({ event_id: replayId }, [{ header: { type: "replay_recording" }, payload: deflateSync(Buffer.from("[]")) }]));
    expect(noHeader.status).toBe(200);
    const noReplay = await post(buildEnvelope({}, [{ header: { type: "replay_recording" }, payload: Buffer.from('{"segment_id":9}\n[]') }]));
    expect(noReplay.status).toBe(200);
    const notRrweb = await post(buildEnvelope({ event_id: replayId }, [{ header: { type: "replay_recording" }, payload: Buffer.from('{"segment_id":8}\n{"type":2}') }]));
    expect(notRrweb.status).toBe(200);
    const video = await post(buildEnvelope({ event_id: replayId }, [{ header: { type: "replay_video" }, payload: Buffer.from([0xc1, 0x00]) }]));
    expect(video.status).toBe(200);
    await server.service.digest.drain();
    const errors = (await database.db.selectFrom("intake").select("digest_error").where("digest_error", "is not", null).orderBy("id").execute()).map((row) => row.digest_error);
    expect(errors).toEqual([
      expect.stringMatching(/replay_recording\): a replay recording's header line is not JSON|starts with its/),
      expect.stringMatching(/needs the envelope header's event_id/),
      expect.stringMatching(/segment 8 is not an array of rrweb events/),
      expect.stringMatching(/replay_video\): a replay_video item is not a MessagePack map/),
    ]);
    expect((await getReplay(systemContext(database, createTestConfig()), replayId)).dropped).toHaveLength(3);
  });
});
