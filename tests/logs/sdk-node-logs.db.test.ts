import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemContext } from "@/server/access/system-context";
import type { AccessContext } from "@/server/access/authorize";
import { emptyLogSearch, parseLogEventsRequest, parseLogQuery } from "@/server/logs/parse-log-search";
import { searchLogEvents } from "@/server/logs/search-log-events";
import { searchLogs } from "@/server/logs/search-logs";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { dsnFor, runSdkScript, uniqueToken } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestConfig } from "../support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/**
 * Issue 29, acceptance 1 at the storage level: the real @sentry/node with `enableLogs: true`
 * (tests/fixtures/sdk-scripts/logs.mjs) → each line stored with its severity, attributes, template and
 * parameters, release, environment, trace and span ids; search finds them by text, attribute and severity.
 */
describe(`@sentry/node logs into the ${testDialect} logs table`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  let context: AccessContext;

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    context = systemContext(database, createTestConfig());
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  async function sendLogs() {
    const token = uniqueToken();
    const run = await runSdkScript("logs.mjs", { LANTERN_TEST_DSN: dsnFor(server, shop.key.public_key, shop.project.id), LANTERN_TEST_RELEASE: `shop@${token}`, LANTERN_TEST_ENVIRONMENT: "staging", LANTERN_TEST_TOKEN: token });
    expect(run.code, run.stderr).toBe(0);
    await server.service.digest.drain();
    const failures = await database.db.selectFrom("intake").select(["item_types", "digest_error"]).where("digest_error", "is not", null).execute();
    expect(failures).toEqual([]);
    return run.facts as { token: string; traceId: string; spanId: string };
  }

  /** The console line's text is the SDK's formatting of its arguments: compared by its start. */
  const shown = (message: string) => (message.startsWith("console line") ? "console line" : message);
  const find = (query: string, withAttributes = true) => searchLogs(context, { ...emptyLogSearch(), conditions: parseLogQuery(query) }, { withAttributes });

  it("stores logger.info/warn/error and console.log lines with severity, attributes, template, trace and span", async () => {
    const facts = await sendLogs();
    const { rows } = await find(facts.token);
    expect(rows.map((row) => [row.severity, row.severityNumber, shown(row.message)]).sort()).toEqual([
      ["error", 17, `payment failed ${facts.token}`],
      // The console integration sends console.log as info with severity number 10.
      ["info", 10, "console line"],
      ["info", 9, `Order 4211 exported for ${facts.token}`],
      ["warn", 13, `Slow export batch ${facts.token}`],
    ]);
    for (const row of rows) expect(row).toMatchObject({ project: shop.project.slug, traceId: facts.traceId, release: `shop@${facts.token}`, environment: "staging" });
    const order = rows.find((row) => row.message.startsWith("Order"))!;
    expect(order).toMatchObject({ spanId: facts.spanId, template: "Order %s exported for %s" });
    expect(order.attributes).toMatchObject({
      "order.id": { type: "integer", value: 4211 },
      "customer.tier": { type: "string", value: "gold" },
      "export.express": { type: "boolean", value: true },
      "sentry.message.parameter.0": { value: 4211 },
      "sentry.message.parameter.1": { type: "string", value: facts.token },
      "sentry.sdk.name": { type: "string", value: "sentry.javascript.node" },
      "server.address": { type: "string", value: "sdk-script-host" },
    });
    const consoleLine = rows.find((row) => row.message.startsWith("console line"))!;
    expect(consoleLine.attributes).toMatchObject({ "sentry.origin": { type: "string", value: "auto.log.console" } });
  });

  it("finds the lines by words, attribute values, numeric comparisons, has:, severity and trace", async () => {
    const facts = await sendLogs();
    const messages = async (query: string) => (await find(query, false)).rows.map((row) => shown(row.message)).sort();
    expect(await messages(`payment ${facts.token}`)).toEqual([`payment failed ${facts.token}`]);
    expect(await messages(`"payment failed ${facts.token}"`)).toEqual([`payment failed ${facts.token}`]);
    // A word prefix finds the line; a text that is in no message finds nothing.
    expect(await messages(`paym ${facts.token}`)).toEqual([`payment failed ${facts.token}`]);
    expect(await messages(`"failed payment ${facts.token}"`)).toEqual([]);
    expect(await messages(`customer.tier:gold ${facts.token}`)).toEqual([`Order 4211 exported for ${facts.token}`]);
    expect(await messages(`customer.tier:silver`)).toEqual([]);
    expect(await messages(`message.parameter.0:4211`)).toEqual([`Order 4211 exported for ${facts.token}`]);
    expect(await messages(`payment.provider:ac*`)).toEqual([`payment failed ${facts.token}`]);
    expect(await messages(`batch.duration_ms:>1000`)).toEqual([`Slow export batch ${facts.token}`]);
    expect(await messages(`batch.duration_ms:<1000`)).toEqual([]);
    expect(await messages(`has:http.status_code`)).toEqual([`payment failed ${facts.token}`]);
    expect(await messages(`severity:error`)).toEqual([`payment failed ${facts.token}`]);
    expect(await messages(`severity:[warn,error] !payment.provider:acme`)).toEqual([`Slow export batch ${facts.token}`]);
    expect(await messages(`severity_number:>=13`)).toEqual([`Slow export batch ${facts.token}`, `payment failed ${facts.token}`].sort());
    expect(await messages(`trace:${facts.traceId} severity:info !has:order.id`)).toEqual(["console line"]);
    expect(await messages(`message.template:"Order %s exported for %s"`)).toEqual([`Order 4211 exported for ${facts.token}`]);
    expect(await messages(`origin:auto.log.console`)).toEqual(["console line"]);
    expect(await messages(`release:shop@${facts.token} environment:production`)).toEqual([]);
  });

  it("answers the events API for dataset=logs in Sentry's shape, and counts by severity", async () => {
    const facts = await sendLogs();
    const request = (query: string) => searchLogEvents(context, parseLogEventsRequest(new URLSearchParams(query)));
    const listed = await request(`dataset=logs&field=timestamp&field=project&field=message&field=severity&field=trace&field=customer.tier&query=${encodeURIComponent(`Order ${facts.token}`)}&statsPeriod=1h`);
    expect(listed.meta).toEqual({ fields: { timestamp: "date", project: "string", message: "string", severity: "string", trace: "string", "customer.tier": "string" }, units: { timestamp: null, project: null, message: null, severity: null, trace: null, "customer.tier": null }, dataset: "logs" });
    expect(listed.data).toEqual([{ timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), project: shop.project.slug, message: `Order 4211 exported for ${facts.token}`, severity: "info", trace: facts.traceId, "customer.tier": "gold" }]);
    const counted = await request(`dataset=logs&field=severity&field=count()&sort=-count()&query=${facts.token}`);
    expect(counted.data).toEqual([
      { severity: "info", "count()": 2 },
      { severity: expect.stringMatching(/^(warn|error)$/), "count()": 1 },
      { severity: expect.stringMatching(/^(warn|error)$/), "count()": 1 },
    ]);
    const paged = await request(`dataset=logs&field=message&field=timestamp&sort=timestamp&per_page=3&query=${facts.token}`);
    expect(paged.data).toHaveLength(3);
    expect(paged.hasMore).toBe(true);
  });
});
