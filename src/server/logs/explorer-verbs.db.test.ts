import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEnvelope } from "../../../tests/support/sdk-helpers";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { testDialect } from "../../../tests/support/test-database";
import { createTwoTeamProjects, rejection, type TwoTeamProjects } from "../../../tests/support/two-team-projects";
import { digestBatch } from "../digest/digest-batch";
import { countLogsByInterval } from "./count-logs-by-interval";
import { groupLogsByTemplate } from "./group-logs-by-template";
import { emptyLogSearch, parseLogQuery, type LogSearch } from "./parse-log-search";
import { suggestLogSearchTerms } from "./suggest-log-search-terms";
import { newestLogId, tailLogs } from "./tail-logs";

const minuteMs = 60_000;
const now = Date.parse("2026-11-29T12:00:00Z");
const trace = "5b8efff798038103d269b633813fc60c";

interface Line {
  minutesAgo: number;
  level: string;
  body: string;
  template?: string;
  parameters?: (string | number)[];
  attributes?: Record<string, string | number>;
}

describe(`the explorer's log verbs on ${testDialect}`, () => {
  let fixture: TwoTeamProjects;

  async function send(projectId: number, lines: Line[]) {
    const items = lines.map((line) => ({
      timestamp: (now - line.minutesAgo * minuteMs) / 1000,
      trace_id: trace,
      level: line.level,
      body: line.body,
      attributes: {
        ...(line.template ? { "sentry.message.template": { type: "string", value: line.template } } : {}),
        ...Object.fromEntries((line.parameters ?? []).map((value, index) => [`sentry.message.parameter.${index}`, typeof value === "number" ? { type: "integer", value } : { type: "string", value }])),
        ...Object.fromEntries(Object.entries(line.attributes ?? {}).map(([key, value]) => [key, typeof value === "number" ? { type: "integer", value } : { type: "string", value }])),
      },
    }));
    const body = buildEnvelope({}, [{ header: { type: "log", item_count: items.length, content_type: "application/vnd.sentry.items.log+json" }, payload: JSON.stringify({ items }) }]);
    await storeEnvelope(fixture.database.db, projectId, body, { eventId: null, itemTypes: ["log"], summary: null, sdkName: null }, now);
    await digestBatch(fixture.database);
  }

  const search = (query: string, hours = 1): LogSearch => ({ ...emptyLogSearch(now), conditions: parseLogQuery(query), window: { startUs: (now - hours * 3_600_000) * 1000, endUs: now * 1000 } });

  beforeAll(async () => {
    fixture = await createTwoTeamProjects("explorer");
    await send(fixture.shopId, [
      { minutesAgo: 50, level: "info", body: "Order 1 exported", template: "Order %s exported", parameters: [1], attributes: { "user.id": 7 } },
      { minutesAgo: 50, level: "error", body: "payment failed for 1", attributes: { "user.id": 7 } },
      { minutesAgo: 20, level: "info", body: "Order 2 exported", template: "Order %s exported", parameters: [2], attributes: { "user.id": 8 } },
      { minutesAgo: 20, level: "warn", body: "Slow batch", attributes: { "batch.ms": 1500 } },
      { minutesAgo: 5, level: "info", body: "Order 3 exported", template: "Order %s exported", parameters: [3] },
      { minutesAgo: 5, level: "warn", body: "Slow batch", attributes: { "batch.ms": 900 } },
      // Two hours back: outside the one-hour window.
      { minutesAgo: 120, level: "fatal", body: "Order 0 exported", template: "Order %s exported", parameters: [0] },
    ]);
    await send(fixture.otherId, [{ minutesAgo: 5, level: "error", body: "other team's secret" }]);
  });
  afterAll(() => fixture.database.destroy());

  it("counts lines per interval by severity over the window, only of the projects one sees", async () => {
    const histogram = await countLogsByInterval(await fixture.contextOf(fixture.member), search(""), { intervals: 6 });
    expect(histogram.intervalUs).toBe(600_000_000);
    expect(histogram.intervals).toHaveLength(6);
    const nonZero = histogram.intervals.map((interval) => Object.fromEntries(Object.entries(interval.counts).filter(([, count]) => count > 0)));
    // Ten-minute buckets from 11:00: 11:10 (50 min ago), 11:40 (20 min ago), 11:50 (5 min ago).
    expect(nonZero).toEqual([{}, { info: 1, error: 1 }, {}, {}, { info: 1, warn: 1 }, { info: 1, warn: 1 }]);
    expect(histogram.total).toBe(6);
    // The admin sees the other project's line too; a query narrows the count, in SQL or on payloads.
    expect((await countLogsByInterval(await fixture.contextOf(fixture.admin), search(""), { intervals: 6 })).total).toBe(7);
    expect((await countLogsByInterval(await fixture.contextOf(fixture.member), search("severity:warn"), { intervals: 6 })).intervals.map((interval) => interval.counts.warn)).toEqual([0, 0, 0, 0, 1, 1]);
    expect((await countLogsByInterval(await fixture.contextOf(fixture.member), search("batch.ms:>1000"), { intervals: 6 })).intervals.map((interval) => interval.counts.warn)).toEqual([0, 0, 0, 0, 1, 0]);
    expect((await countLogsByInterval(await fixture.contextOf(fixture.member), search("", 3), { intervals: 3 })).intervals.map((interval) => interval.counts.fatal)).toEqual([0, 1, 0]);
  });

  it("groups by template with parameter values, and lines without one by their message", async () => {
    const { groups, otherCount } = await groupLogsByTemplate(await fixture.contextOf(fixture.member), search(""));
    expect(otherCount).toBe(0);
    expect(groups.map((group) => [group.template, group.message, group.count, group.severity])).toEqual([
      ["Order %s exported", "Order 3 exported", 3, "info"],
      [null, "Slow batch", 2, "warn"],
      [null, "payment failed for 1", 1, "error"],
    ]);
    expect(groups[0]!.examples).toEqual([["3"], ["2"], ["1"]]);
    expect(groups[1]!.examples).toEqual([]);
    // With a condition on payloads the lines are grouped after reading them.
    const onPayloads = await groupLogsByTemplate(await fixture.contextOf(fixture.member), search("user.id:>6"));
    expect(onPayloads.groups.map((group) => [group.template ?? group.message, group.count])).toEqual([
      ["Order %s exported", 2],
      ["payment failed for 1", 1],
    ]);
  });

  it("tails only lines newer than the cursor, matching the query, of the projects one sees", async () => {
    const member = await fixture.contextOf(fixture.member);
    const cursor = await newestLogId(member);
    expect((await tailLogs(member, search(""), { afterId: cursor })).rows).toEqual([]);
    await send(fixture.otherId, [{ minutesAgo: 0, level: "error", body: "tail other secret" }]);
    await send(fixture.shopId, [
      { minutesAgo: 0, level: "info", body: "tail first" },
      { minutesAgo: 0, level: "error", body: "tail second", attributes: { "user.id": 9 } },
    ]);
    const tailed = await tailLogs(member, search(""), { afterId: cursor, withAttributes: true });
    expect(tailed.rows.map((row) => row.message)).toEqual(["tail first", "tail second"]);
    expect(tailed.rows[1]!.attributes).toMatchObject({ "user.id": { value: 9 } });
    expect(tailed.lastId).toBeGreaterThan(cursor);
    expect((await tailLogs(member, search(""), { afterId: tailed.lastId })).rows).toEqual([]);
    expect((await tailLogs(member, search("severity:error"), { afterId: cursor })).rows.map((row) => row.message)).toEqual(["tail second"]);
    expect((await tailLogs(member, search("user.id:>8"), { afterId: cursor })).rows.map((row) => row.message)).toEqual(["tail second"]);
    expect((await tailLogs(await fixture.contextOf(fixture.admin), search("tail"), { afterId: cursor })).rows.map((row) => row.message)).toEqual(["tail other secret", "tail first", "tail second"]);
    expect((await tailLogs(await fixture.contextOf(fixture.outsider), search("tail"), { afterId: cursor })).rows.map((row) => row.message)).toEqual(["tail other secret"]);
    expect(await rejection(tailLogs(member, { ...search(""), projects: [String(fixture.otherId)] }, { afterId: cursor }))).toMatchObject({ code: "bad_request" });
  });

  it("suggests keys (built-in and attribute keys of recent lines) and their values, of the projects one sees", async () => {
    const member = await fixture.contextOf(fixture.member);
    const labels = async (context: typeof member, text: string, projectId?: number) => (await suggestLogSearchTerms(context, { text, cursor: text.length, projectId })).suggestions.map((suggestion) => suggestion.label);
    expect(await labels(member, "se")).toEqual(["severity:"]);
    expect(await labels(member, "us")).toEqual(["user.id:"]);
    expect(await labels(member, "batch.ms:1")).toEqual(["1500"]);
    expect(await labels(member, "severity:w")).toEqual(["warn"]);
    expect(await labels(member, "has:bat", fixture.shopId)).toEqual(["batch.ms"]);
    // The other team's project has no such attribute; its keys are not the member's to see.
    expect(await labels(await fixture.contextOf(fixture.outsider), "us")).toEqual([]);
    expect(await rejection(suggestLogSearchTerms(await fixture.contextOf(fixture.outsider), { text: "us", cursor: 2, projectId: fixture.shopId }))).toMatchObject({ code: "not_found" });
  });
});
