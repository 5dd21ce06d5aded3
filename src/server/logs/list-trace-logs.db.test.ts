import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeLogLines } from "../../../tests/logs/store-log-lines";
import { testDialect } from "../../../tests/support/test-database";
import { createTwoTeamProjects, rejection, type TwoTeamProjects } from "../../../tests/support/two-team-projects";
import { digestBatch } from "../digest/digest-batch";
import { listTraceLogs } from "./list-trace-logs";

const traceId = "5b8efff798038103d269b633813fc60c";
// Shares the first 16 hex digits (the search token) with the trace: only the row's full id tells them apart.
const lookalikeTraceId = "5b8efff798038103aaaaaaaaaaaaaaaa";
const checkoutSpan = "a1a1a1a1a1a1a1a1";
const goneSpan = "b2b2b2b2b2b2b2b2";

describe(`a trace's log lines on ${testDialect}`, () => {
  let setup: TwoTeamProjects;
  const start = Date.now() - 60_000;

  beforeAll(async () => {
    setup = await createTwoTeamProjects("tracelogs");
    await storeLogLines(setup.database.db, setup.shopId, [
      { atMs: start + 30, traceId, spanId: checkoutSpan, level: "error", body: "payment failed" },
      { atMs: start + 10, traceId, spanId: checkoutSpan, level: "info", body: "checkout started" },
      { atMs: start + 20, traceId, level: "warn", body: "no span here" },
      { atMs: start + 40, traceId, spanId: goneSpan, level: "debug", body: "span not sent" },
      { atMs: start + 15, traceId: lookalikeTraceId, level: "info", body: "another trace" },
    ]);
    await storeLogLines(setup.database.db, setup.otherId, [{ atMs: start + 25, traceId, level: "info", body: "other team's line" }]);
    await digestBatch(setup.database);
  });
  afterAll(() => setup.database.destroy());

  it("lists the trace's lines oldest first with their span ids, and nothing of another trace or of a project the viewer cannot see", async () => {
    const logs = await listTraceLogs(await setup.contextOf(setup.member), { traceId });
    expect(logs.lines.map((line) => [line.message, line.severity, line.spanId])).toEqual([
      ["checkout started", "info", checkoutSpan],
      ["no span here", "warn", null],
      ["payment failed", "error", checkoutSpan],
      ["span not sent", "debug", goneSpan],
    ]);
    expect(logs).toMatchObject({ traceId, total: 4, isCapped: false, explorerPath: `/logs?query=trace%3A${traceId}` });
    expect(logs.lines[0]).toMatchObject({ projectId: setup.shopId, timestampUs: (start + 10) * 1000, severityNumber: 9, traceId });
    const outsider = await listTraceLogs(await setup.contextOf(setup.outsider), { traceId: traceId.toUpperCase() });
    expect(outsider.lines.map((line) => line.message)).toEqual(["other team's line"]);
  });

  it("shows an admin the lines of every project, and caps them, saying how many there are", async () => {
    const admin = await setup.contextOf(setup.admin);
    expect((await listTraceLogs(admin, { traceId })).lines.map((line) => line.message)).toEqual(["checkout started", "no span here", "other team's line", "payment failed", "span not sent"]);
    const capped = await listTraceLogs(admin, { traceId, maxLines: 2 });
    expect(capped.lines.map((line) => line.message)).toEqual(["checkout started", "no span here"]);
    expect(capped).toMatchObject({ total: 5, isCapped: true, maxLines: 2 });
    const newest = await listTraceLogs(admin, { traceId, maxLines: 2, newestFirst: true });
    expect(newest.lines.map((line) => line.message)).toEqual(["span not sent", "payment failed"]);
    expect((await listTraceLogs(admin, { traceId: lookalikeTraceId })).lines.map((line) => line.message)).toEqual(["another trace"]);
  });

  it("refuses a trace id that is not one", async () => {
    expect((await rejection(listTraceLogs(await setup.contextOf(setup.member), { traceId: "not-a-trace" }))).code).toBe("bad_request");
  });
});
