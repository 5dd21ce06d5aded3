import { ROOT_CONTEXT, TraceFlags, trace } from "@opentelemetry/api";
import { OTLPLogExporter as OTLPJsonLogExporter } from "@opentelemetry/exporter-logs-otlp-http";
import { OTLPLogExporter as OTLPProtobufLogExporter } from "@opentelemetry/exporter-logs-otlp-proto";
import { defaultResource, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchLogRecordProcessor, LoggerProvider, type LogRecordExporter } from "@opentelemetry/sdk-logs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AccessContext } from "@/server/access/authorize";
import { systemContext } from "@/server/access/system-context";
import { parseLogEventsRequest } from "@/server/logs/parse-log-search";
import { searchLogEvents } from "@/server/logs/search-log-events";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { uniqueToken } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestConfig } from "../support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/**
 * OTLP/HTTP logs (issue 29, acceptance 2): the real OpenTelemetry JS logs SDK exporting over OTLP/HTTP, JSON and
 * protobuf (gzip), to `/api/{id}/integration/otlp/v1/logs` of the real ingest server → rows with the OTel
 * severity, body, attributes, resource and scope, trace and span ids; the events API (dataset=logs) returns them.
 */
describe(`OTLP/HTTP logs from the OpenTelemetry JS SDK on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  let context: AccessContext;
  let token: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    context = systemContext(database, createTestConfig());
    token = uniqueToken();
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  const logsUrl = () => `${server.url}/api/${shop.project.id}/integration/otlp/v1/logs`;
  const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
  const spanId = "00f067aa0ba902b7";

  async function exportLogs(exporter: LogRecordExporter) {
    const provider = new LoggerProvider({
      resource: defaultResource().merge(resourceFromAttributes({ "service.name": "shop", "service.version": `shop@${token}`, "deployment.environment.name": "production" })),
      processors: [new BatchLogRecordProcessor({ exporter })],
    });
    const logger = provider.getLogger("shop-payments", "1.4.0");
    const inSpan = trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId, traceFlags: TraceFlags.SAMPLED });
    logger.emit({ severityNumber: 17, severityText: "ERROR", body: `card declined ${token}`, attributes: { "payment.provider": "acme", "payment.amount": 41.5, "payment.retry": 2 }, context: inSpan });
    logger.emit({ severityNumber: 13, severityText: "WARN", body: `retrying payment ${token}`, attributes: { "payment.retry": 1 }, context: inSpan });
    logger.emit({ severityText: "information", body: `payment page opened ${token}` });
    await provider.forceFlush();
    await provider.shutdown();
    await server.service.digest.drain();
    expect(await database.db.selectFrom("intake").select(["item_types", "digest_error"]).where("digest_error", "is not", null).execute()).toEqual([]);
  }

  const request = (query: string) => searchLogEvents(context, parseLogEventsRequest(new URLSearchParams(query)));

  it.each([
    ["OTLP/JSON", () => new OTLPJsonLogExporter({ url: logsUrl(), headers: { "x-sentry-auth": `sentry sentry_key=${shop.key.public_key}` } })],
    ["OTLP/protobuf, gzip", () => new OTLPProtobufLogExporter({ url: logsUrl(), headers: { "x-sentry-auth": `sentry sentry_key=${shop.key.public_key}` }, compression: "gzip" as never })],
  ])("stores the records of an %s export with their severity and attributes; events?dataset=logs returns them", async (_, exporterFor) => {
    await exportLogs(exporterFor());
    const fields = ["message", "severity", "severity_number", "trace", "span_id", "release", "environment", "project", "payment.provider", "payment.amount", "resource.service.name", "instrumentation.name", "origin"];
    const found = await request(`dataset=logs&${fields.map((field) => `field=${encodeURIComponent(field)}`).join("&")}&sort=-severity_number&query=${token}&statsPeriod=1h`);
    expect(found.data).toEqual([
      { message: `card declined ${token}`, severity: "error", severity_number: 17, trace: traceId, span_id: spanId, release: `shop@${token}`, environment: "production", project: shop.project.slug, "payment.provider": "acme", "payment.amount": 41.5, "resource.service.name": "shop", "instrumentation.name": "shop-payments", origin: "auto.otlp.logs" },
      { message: `retrying payment ${token}`, severity: "warn", severity_number: 13, trace: traceId, span_id: spanId, release: `shop@${token}`, environment: "production", project: shop.project.slug, "payment.provider": null, "payment.amount": null, "resource.service.name": "shop", "instrumentation.name": "shop-payments", origin: "auto.otlp.logs" },
      // No severity number: the text decides ("information" is info); no trace: a random one, as Relay gives.
      { message: `payment page opened ${token}`, severity: "info", severity_number: 9, trace: expect.stringMatching(/^[0-9a-f]{32}$/), span_id: null, release: `shop@${token}`, environment: "production", project: shop.project.slug, "payment.provider": null, "payment.amount": null, "resource.service.name": "shop", "instrumentation.name": "shop-payments", origin: "auto.otlp.logs" },
    ]);
    expect((await request(`dataset=logs&field=message&query=${encodeURIComponent(`payment.retry:>=2 severity:error ${token}`)}`)).data).toEqual([{ message: `card declined ${token}` }]);
    expect((await request(`dataset=logs&field=message&query=${encodeURIComponent(`trace:${traceId} severity:warn`)}`)).data).toEqual([{ message: `retrying payment ${token}` }]);
  });

  it("answers 202 to a known key, 415 to another content type, 401 without a key, 403 to an unknown one, 400 to a body that is not OTLP", async () => {
    const post = (body: string | Uint8Array, headers: Record<string, string>) => fetch(logsUrl(), { method: "POST", body: typeof body === "string" ? body : new Uint8Array(body), headers });
    const auth = { "x-sentry-auth": `sentry sentry_key=${shop.key.public_key}` };
    const empty = await post("{}", { ...auth, "content-type": "application/json" });
    expect(empty.status).toBe(202);
    const wrongType = await post("{}", { ...auth, "content-type": "text/plain" });
    expect(wrongType.status).toBe(415);
    expect(await wrongType.text()).toMatch(/OTLP logs/);
    expect((await post("{}", { "content-type": "application/json" })).status).toBe(401);
    expect((await post("{}", { "x-sentry-auth": "sentry sentry_key=0123456789abcdef0123456789abcdef", "content-type": "application/json" })).status).toBe(403);
    const notOtlp = await post(new Uint8Array([0xff, 0xff, 0xff]), { ...auth, "content-type": "application/x-protobuf" });
    expect(notOtlp.status).toBe(400);
    const noTime = await post(JSON.stringify({ resourceLogs: [{ scopeLogs: [{ logRecords: [{ body: { stringValue: "no time" } }] }] }] }), { ...auth, "content-type": "application/json" });
    expect(noTime.status).toBe(400);
    expect(await noTime.text()).toMatch(/timeUnixNano/);
  });
});
