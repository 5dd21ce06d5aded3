import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeLogLines } from "../../../tests/logs/store-log-lines";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { testDialect } from "../../../tests/support/test-database";
import { createTwoTeamProjects, rejection, type TwoTeamProjects } from "../../../tests/support/two-team-projects";
import { digestBatch } from "../digest/digest-batch";
import { listLogsAroundEvent } from "./logs-around-event";

const traceId = "0af7651916cd43dd8448eb211c80319c";
const otherTraceId = "4bf92f3577b34da6a3ce929d0e0e4736";
const server = "web-1";
const release = "shop@2.4.0";

describe(`the logs around an event on ${testDialect}`, () => {
  let setup: TwoTeamProjects;
  const eventMs = Math.floor(Date.now() / 1000) * 1000 - 300_000;
  let issueId: number;
  let eventId: string;
  let bareIssueId: number;
  let bareEventId: string;

  beforeAll(async () => {
    setup = await createTwoTeamProjects("around");
    const { db } = setup.database;
    await storeFixtureEvent(db, setup.shopId, "node-exception.envelope", (event) => {
      event.timestamp = eventMs / 1000;
      event.server_name = server;
      event.release = release;
      event.contexts = { trace: { trace_id: traceId, span_id: "b2a9677f81af9884" } };
    });
    // An event naming no server, no release and no trace: nothing is around it.
    await storeFixtureEvent(db, setup.shopId, "node-message.envelope", (event) => {
      event.timestamp = eventMs / 1000;
      delete event.server_name;
      delete event.release;
      delete event.contexts;
    });
    await storeLogLines(db, setup.shopId, [
      { atMs: eventMs - 1_000, traceId, level: "info", body: "trace: before", server, release },
      { atMs: eventMs + 500, traceId, level: "error", body: "trace: after", server, release },
      // A line of the trace long before the event still belongs to it.
      { atMs: eventMs - 600_000, traceId, level: "debug", body: "trace: long before" },
      { atMs: eventMs - 30_000, traceId: otherTraceId, level: "warn", body: "nearby: 30 s before", server, release },
      { atMs: eventMs + 90_000, traceId: otherTraceId, level: "info", body: "nearby: 90 s after", server, release },
      { atMs: eventMs - 180_000, traceId: otherTraceId, level: "info", body: "outside: 3 min before", server, release },
      { atMs: eventMs + 121_000, traceId: otherTraceId, level: "info", body: "outside: 2 min 1 s after", server, release },
      { atMs: eventMs - 10_000, traceId: otherTraceId, level: "info", body: "other server", server: "web-2", release },
      { atMs: eventMs - 5_000, traceId: otherTraceId, level: "info", body: "other release", server, release: "shop@2.3.9" },
    ]);
    await storeLogLines(db, setup.otherId, [
      { atMs: eventMs - 2_000, traceId, level: "warn", body: "trace: other team's project", server: "api-1" },
      { atMs: eventMs - 10_000, traceId: otherTraceId, level: "error", body: "other project, same server and release", server, release },
    ]);
    await digestBatch(setup.database);
    const events = await db.selectFrom("events").select(["issue_id", "event_id", "trace_id"]).where("project_id", "=", setup.shopId).execute();
    const traced = events.find((event) => event.trace_id === traceId)!;
    const bare = events.find((event) => event.trace_id === null)!;
    [issueId, eventId, bareIssueId, bareEventId] = [Number(traced.issue_id), traced.event_id, Number(bare.issue_id), bare.event_id];
  });
  afterAll(() => setup.database.destroy());

  it("lists the event's trace first, then the same server and release within ±2 minutes, each newest first", async () => {
    const around = await listLogsAroundEvent(await setup.contextOf(setup.member), { issueId, eventId });
    expect(around.lines.map((line) => [line.relation, line.message])).toEqual([
      ["trace", "trace: after"],
      ["trace", "trace: before"],
      ["trace", "trace: long before"],
      ["nearby", "nearby: 90 s after"],
      ["nearby", "nearby: 30 s before"],
    ]);
    expect(around).toMatchObject({ eventTimestampMs: eventMs, traceId, serverName: server, release, windowMs: 120_000, hasMoreInTrace: false, hasMoreNearby: false });
    expect(around.lines[0]).toMatchObject({ severity: "error", timestampUs: (eventMs + 500) * 1000, projectId: setup.shopId });
    expect(around.traceExplorerPath).toBe(`/logs?query=${encodeURIComponent(`trace:${traceId}`)}`);
    expect(around.nearbyExplorerPath).toBe(`/logs?query=${encodeURIComponent(`server.address:${server} release:${release}`)}`);
  });

  it("shows the trace's lines of other projects the viewer sees, but nearby lines only of the event's project", async () => {
    const around = await listLogsAroundEvent(await setup.contextOf(setup.admin), { issueId, eventId });
    expect(around.lines.map((line) => [line.relation, line.message, line.projectSlug])).toEqual([
      ["trace", "trace: after", "around-shop"],
      ["trace", "trace: before", "around-shop"],
      ["trace", "trace: other team's project", "around-other"],
      ["trace", "trace: long before", "around-shop"],
      ["nearby", "nearby: 90 s after", "around-shop"],
      ["nearby", "nearby: 30 s before", "around-shop"],
    ]);
  });

  it("caps the lines, the trace's first, and says more are in the explorer", async () => {
    const many = Array.from({ length: 60 }, (_, index) => ({ atMs: eventMs - 60_000 - index, traceId, level: "info" as const, body: `trace: bulk ${index}` }));
    const localSetup = await createTwoTeamProjects("capped");
    try {
      await storeFixtureEvent(localSetup.database.db, localSetup.shopId, "node-exception.envelope", (event) => {
        event.timestamp = eventMs / 1000;
        event.server_name = server;
        delete event.release;
        event.contexts = { trace: { trace_id: traceId, span_id: "b2a9677f81af9884" } };
      });
      await storeLogLines(localSetup.database.db, localSetup.shopId, many);
      await digestBatch(localSetup.database);
      const event = await localSetup.database.db.selectFrom("events").select(["issue_id", "event_id"]).executeTakeFirstOrThrow();
      const around = await listLogsAroundEvent(await localSetup.contextOf(localSetup.member), { issueId: Number(event.issue_id), eventId: event.event_id });
      expect(around.lines).toHaveLength(50);
      expect(around.lines.every((line) => line.relation === "trace")).toBe(true);
      expect(around.lines[0]!.message).toBe("trace: bulk 0");
      expect(around).toMatchObject({ hasMoreInTrace: true, maxLines: 50, release: null, nearbyExplorerPath: `/logs?query=${encodeURIComponent(`server.address:${server}`)}` });
    } finally {
      await localSetup.database.destroy();
    }
  });

  it("has nothing around an event naming no trace, server or release", async () => {
    const around = await listLogsAroundEvent(await setup.contextOf(setup.member), { issueId: bareIssueId, eventId: bareEventId });
    expect(around).toMatchObject({ lines: [], traceId: null, serverName: null, release: null, traceExplorerPath: null, nearbyExplorerPath: null });
  });

  it("is not found for a viewer who cannot see the event's project, or for an event of another issue", async () => {
    expect((await rejection(listLogsAroundEvent(await setup.contextOf(setup.outsider), { issueId, eventId }))).code).toBe("not_found");
    expect((await rejection(listLogsAroundEvent(await setup.contextOf(setup.member), { issueId: bareIssueId, eventId }))).code).toBe("not_found");
  });
});
