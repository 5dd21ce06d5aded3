import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { envelopeFromFixture, storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { DigestThread } from "../../../cli/digest-thread";
import { digestBatch } from "../digest/digest-batch";
import { insertProject } from "../projects/insert-project";
import { pruneEvents } from "./prune-events";
import { selectIntakeWithBodies } from "../intake/intake-writer";

const hourMs = 3_600_000;
const fixtures = ["node-exception.envelope", "node-message.envelope", "browser-nextjs-unhandled-error.envelope", "node-large-exception.envelope"];

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe(`issue counters on ${testDialect}`, () => {
  let database: TestDatabase;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
  });
  afterEach(() => database.destroy());

  async function recount() {
    const events = await database.db.selectFrom("events").select(["issue_id", "timestamp", "user_key"]).where("project_id", "=", projectId).execute();
    const byIssue = new Map<number, { times: number; users: Set<string>; first: number; last: number; hourly: Map<number, number> }>();
    for (const event of events) {
      const issue = byIssue.get(event.issue_id!) ?? { times: 0, users: new Set<string>(), first: Infinity, last: -Infinity, hourly: new Map<number, number>() };
      issue.times += 1;
      if (event.user_key) issue.users.add(event.user_key);
      issue.first = Math.min(issue.first, event.timestamp);
      issue.last = Math.max(issue.last, event.timestamp);
      const hour = event.timestamp - (event.timestamp % hourMs);
      issue.hourly.set(hour, (issue.hourly.get(hour) ?? 0) + 1);
      byIssue.set(event.issue_id!, issue);
    }
    return byIssue;
  }

  async function counters(issueId: number) {
    const issue = await database.db.selectFrom("issues").selectAll().where("id", "=", issueId).executeTakeFirstOrThrow();
    const hourly = await database.db.selectFrom("issue_hourly_counts").select(["hour", "count"]).where("issue_id", "=", issueId).execute();
    return { times: issue.times_seen, users: issue.users_seen, first: issue.first_seen, last: issue.last_seen, hourly: new Map(hourly.map((row) => [row.hour, row.count])) };
  }

  it("keeps distinct users, times seen, first/last seen and hourly counts exact over 1,000 mixed events", async () => {
    const random = sequence(42);
    const start = Date.now() - 30 * hourMs;
    const sent = new Set<string>();
    for (let index = 0; index < 1000; index += 1) {
      const fixture = fixtures[Math.floor(random() * fixtures.length)]!;
      const userChoice = Math.floor(random() * 5);
      const timestamp = start + Math.floor(random() * 29 * hourMs);
      await storeFixtureEvent(database.db, projectId, fixture, (event) => {
        event.timestamp = timestamp / 1000;
        event.user = [{ id: `id-${Math.floor(random() * 40)}` }, { email: `user${Math.floor(random() * 40)}@example.com` }, { username: `name${Math.floor(random() * 10)}` }, { ip_address: `10.0.0.${Math.floor(random() * 20)}` }, undefined][userChoice];
        event.release = `shop@1.${Math.floor(random() * 4)}.0`;
        event.environment = random() < 0.5 ? "production" : "staging";
        if (fixture === "node-message.envelope") event.message = `Export ${Math.floor(random() * 1000)} finished with ${Math.floor(random() * 9)} warnings`;
        sent.add(event.event_id as string);
      });
      // One in twenty events is sent twice (an SDK retry): it must count once.
      if (random() < 0.05) {
        const duplicate = await selectIntakeWithBodies(database.db).select("body").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
        await storeEnvelope(database.db, projectId, duplicate.body, { eventId: null, itemTypes: ["event"], summary: null, sdkName: null });
      }
    }
    while ((await digestBatch(database, 137)) > 0);

    const recounted = await recount();
    expect([...recounted.values()].reduce((sum, issue) => sum + issue.times, 0)).toBe(sent.size);
    // The message events' numbers are parameterized away: four fixtures, four issues.
    expect(recounted.size).toBe(4);
    for (const [issueId, expected] of recounted) {
      const actual = await counters(issueId);
      expect({ ...actual, hourly: Object.fromEntries(actual.hourly) }).toEqual({ times: expected.times, users: expected.users.size, first: expected.first, last: expected.last, hourly: Object.fromEntries(expected.hourly) });
    }
    // Tag values (what `release:` search and the tag bars read) agree with the events too.
    const releases = await database.db.selectFrom("events").select(["issue_id", "release"]).where("project_id", "=", projectId).execute();
    const expectedReleases = new Map<string, number>();
    for (const event of releases) expectedReleases.set(`${event.issue_id}:${event.release}`, (expectedReleases.get(`${event.issue_id}:${event.release}`) ?? 0) + 1);
    const counted = await database.db.selectFrom("issue_tag_values").select(["issue_id", "value", "times_seen"]).where("key", "=", "release").execute();
    expect(new Map(counted.map((row) => [`${row.issue_id}:${row.value}`, row.times_seen]))).toEqual(expectedReleases);
  });

  it("keeps counts and each issue's first and newest event when retention deletes events", async () => {
    const now = Date.now();
    for (let day = 10; day >= 0; day -= 1) {
      await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => (event.timestamp = (now - day * 24 * hourMs) / 1000));
    }
    while ((await digestBatch(database)) > 0);
    const [issue] = await database.db.selectFrom("issues").selectAll().execute();
    await database.db.updateTable("projects").set({ retention_days: 3 }).where("id", "=", projectId).execute();
    expect(await pruneEvents(database, { days: 90, maxEventsPerIssue: 10_000 }, now)).toBe(10 - 3 - 1 + 0);
    const left = await database.db.selectFrom("events").select("timestamp").orderBy("timestamp").execute();
    expect(left[0]!.timestamp).toBe(issue!.first_seen);
    expect(left.at(-1)!.timestamp).toBe(issue!.last_seen);
    expect(left).toHaveLength(1 + 4);
    await database.db.updateTable("projects").set({ retention_days: null, max_events_per_issue: 1 }).where("id", "=", projectId).execute();
    await pruneEvents(database, { days: 90, maxEventsPerIssue: 10_000 }, now);
    expect(await database.db.selectFrom("events").select("timestamp").orderBy("timestamp").execute()).toEqual([{ timestamp: issue!.first_seen }, { timestamp: issue!.last_seen }]);
    expect(await database.db.selectFrom("issues").select(["times_seen", "first_seen", "last_seen"]).executeTakeFirstOrThrow()).toEqual({ times_seen: 11, first_seen: issue!.first_seen, last_seen: issue!.last_seen });
  });

  it("never creates two issues for one hash when two digesters work through the same burst", async () => {
    const groups = 6;
    for (let index = 0; index < 300; index += 1) {
      const body = envelopeFromFixture("node-message.envelope", (event) => (event.message = `Import step ${["alpha", "beta", "gamma", "delta", "epsilon", "zeta"][index % groups]} failed`));
      await storeEnvelope(database.db, projectId, body, { eventId: null, itemTypes: ["event"], summary: null, sdkName: null });
    }
    // Two digest threads — what `lantern start` runs, one per instance — each with its own connection.
    const digested = [0, 0];
    const threads = [0, 1].map((index) => new DigestThread(database.settings, { days: 90, spanDays: 14, logDays: 7, replayDays: 30, replayDiskSharePercent: 25, maxEventsPerIssue: 10_000, rawHours: 24 }, (rows) => (digested[index]! += rows)));
    try {
      for (const thread of threads) thread.start();
      for (const thread of threads) thread.wake();
      await Promise.all(threads.map((thread) => thread.drain()));
      await Promise.all(threads.map((thread) => thread.drain()));
    } finally {
      await Promise.all(threads.map((thread) => thread.stop()));
    }
    expect(digested[0]! + digested[1]!).toBe(300);
    const pending = await database.db.selectFrom("intake").select("id").where("digested_at", "is", null).execute();
    expect(pending).toHaveLength(0);
    const issues = await database.db.selectFrom("issues").select(["id", "times_seen"]).execute();
    expect(issues).toHaveLength(groups);
    expect(issues.every((issue) => issue.times_seen === 300 / groups)).toBe(true);
    const hashes = await database.db.selectFrom("issue_hashes").select(["hash", "issue_id"]).execute();
    expect(new Set(hashes.map((row) => row.issue_id)).size).toBe(groups);
  });
});
