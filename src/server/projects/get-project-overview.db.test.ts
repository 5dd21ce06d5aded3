import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { useSystemProject } from "../../../tests/support/system-project";
import type { AccessContext } from "../access/authorize";
import { digestBatch } from "../digest/digest-batch";
import { resolveIssue } from "../issues/resolve-issue";
import { getProjectOverview } from "./get-project-overview";

const hourMs = 3_600_000;

describe(`getProjectOverview on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectId: number;
  // Half past an hour, so "two hours ago" is well inside its bucket.
  const now = Math.floor(Date.now() / hourMs) * hourMs + hourMs / 2;
  useSystemProject({ name: "shop" }, (setup) => ({ database, context, projectId } = setup));

  async function send(fingerprint: string, count: number, at: number, release: string): Promise<number> {
    for (let index = 0; index < count; index += 1) {
      await storeFixtureEvent(
        database.db,
        projectId,
        "node-exception.envelope",
        (payload) => {
          payload.fingerprint = [fingerprint];
          payload.release = release;
          payload.timestamp = (at + index) / 1000;
        },
        at + index,
      );
    }
    while ((await digestBatch(database)) > 0);
    const last = await database.db.selectFrom("events").select("issue_id").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    if (last.issue_id === null) throw new Error("digest left the event without an issue");
    return last.issue_id;
  }

  it("waits for the first event: nothing counted, nothing listed", async () => {
    const overview = await getProjectOverview(context, projectId, { now });
    expect(overview).toMatchObject({ hasReceived: false, eventsInWindow: 0, unresolvedTotal: 0, topIssues: [], newIssues: [], newIssueCount: 0, releases: [], sessions: null });
    expect(overview.buckets).toHaveLength(24);
  });

  it("has received something once sessions arrived without an error (as Lantern's own project does), even after the raw envelopes are gone, and counts their health", async () => {
    // The real @sentry/node session update of the fixtures, started two hours ago: one session starts and later
    // crashes, another starts and exits at once.
    const fixture = readFileSync(new URL("../../../tests/fixtures/envelopes/node-session.envelope", import.meta.url), "utf8");
    const started = new Date(now - 2 * hourMs).toISOString();
    for (const change of [{ sid: "a0000000000000000000000000000001", init: true, status: "ok" }, { sid: "a0000000000000000000000000000002", init: true, status: "exited" }, { sid: "a0000000000000000000000000000001", init: false, status: "crashed" }]) {
      const [header, itemHeader, item] = fixture.split("\n");
      const session = { ...(JSON.parse(item!) as Record<string, unknown>), ...change, started, errors: 0 };
      await storeEnvelope(database.db, projectId, new TextEncoder().encode([header, itemHeader, JSON.stringify(session)].join("\n")), { eventId: null, itemTypes: ["session"], summary: null, sdkName: null }, now - 2 * hourMs);
    }
    while ((await digestBatch(database)) > 0);
    await database.db.deleteFrom("intake").where("project_id", "=", projectId).execute();

    const overview = await getProjectOverview(context, projectId, { now });
    expect(overview).toMatchObject({ hasReceived: true, eventsInWindow: 0, topIssues: [], sessions: { started: 2, crashed: 1, crashFreeRate: 0.5 } });
    expect(overview.releases.map((release) => release.version)).toEqual(["lantern-fixtures@1.0.0"]);
  });

  it("counts events and unresolved issues per bucket, ranks the unresolved issues of the window and lists today's new ones", async () => {
    const old = await send("old", 2, now - 30 * hourMs, "1.0");
    const busy = await send("busy", 3, now - 2 * hourMs, "2.0");
    const quiet = await send("quiet", 1, now - 2 * hourMs, "2.0");
    const fixed = await send("fixed", 4, now - hourMs, "2.0");
    await resolveIssue(context, { issueId: fixed, kind: "now" });

    const day = await getProjectOverview(context, projectId, { now });
    expect(day.hasReceived).toBe(true);
    expect(day.eventsInWindow).toBe(8);
    const twoHoursAgo = day.buckets.at(-3)!;
    expect(twoHoursAgo).toMatchObject({ events: 4, unresolvedIssues: 2 });
    expect(day.buckets.at(-2)).toMatchObject({ events: 4, unresolvedIssues: 0 });
    expect(day.unresolvedIssuesInWindow).toBe(2);
    expect(day.unresolvedTotal).toBe(3);
    expect(day.topIssues.map((issue) => [issue.id, issue.windowCount])).toEqual([
      [busy, 3],
      [quiet, 1],
    ]);
    expect(day.newIssueCount).toBe(3);
    expect(day.newIssues.map((issue) => issue.id).sort()).toEqual([busy, quiet, fixed].sort());
    expect(day.releases.map((release) => [release.version, release.newIssues])).toEqual([
      ["2.0", 3],
      ["1.0", 1],
    ]);

    const fortnight = await getProjectOverview(context, projectId, { now, range: "14d" });
    expect(fortnight.buckets).toHaveLength(14);
    expect(fortnight.eventsInWindow).toBe(10);
    expect(fortnight.unresolvedIssuesInWindow).toBe(3);
    expect(fortnight.topIssues.map((issue) => issue.id)).toEqual([busy, old, quiet]);
  });
});
