import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { OTLPTraceExporter as OtlpJsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as OtlpProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { handleWebIngestRequest } from "@/server/ingest/handle-web-ingest-request";
import { parseEnvelope } from "@/server/ingest/parse-envelope";
import { selectIntakeWithBodies } from "@/server/intake/intake-writer";
import { decodeRawBody } from "@/server/intake/raw-body";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { recordCheckoutTrace } from "../support/otel-checkout-trace";
import { eventRows, postToIngest, uniqueToken } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/**
 * OTLP/HTTP traces (issue 28, acceptance 3): the real OpenTelemetry JS SDK exporting over OTLP/HTTP, JSON and
 * protobuf, to `/api/{id}/integration/otlp/v1/traces` of the real ingest server; what is checked is the
 * envelope committed to the intake (span v2 containers, the error event) and the error digested as an issue.
 */

type Json = Record<string, unknown>;
type Attributes = Record<string, { type: string; value: unknown }>;

describe(`OTLP/HTTP traces from the OpenTelemetry JS SDK on ${testDialect}`, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  let token: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    token = uniqueToken();
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  const tracesUrl = (path = "integration/otlp/v1/traces") => `${server.url}/api/${shop.project.id}/${path}`;

  async function storedEnvelopes() {
    const rows = await selectIntakeWithBodies(database.db).select(["project_id", "item_types", "sdk_name", "body", "encoding", "body_bytes"]).orderBy("id").execute();
    return rows.map((row) => {
      const { header, items } = parseEnvelope(decodeRawBody(row));
      return { row, header, items: items.map((item) => ({ header: item.header, payload: JSON.parse(Buffer.from(item.payload).toString("utf8")) as Json })) };
    });
  }

  /** Records the checkout trace through a batch processor on `exporter`, flushed as an app does on shutdown. */
  async function exportCheckout(exporter: SpanExporter) {
    const recorded = recordCheckoutTrace(new BatchSpanProcessor(exporter), token);
    await recorded.provider.forceFlush();
    await recorded.provider.shutdown();
    return recorded;
  }

  it.each([
    ["OTLP/JSON", () => new OtlpJsonExporter({ url: tracesUrl(), headers: { "x-sentry-auth": `sentry sentry_key=${shop.key.public_key}` } })],
    ["OTLP/protobuf, gzip", () => new OtlpProtobufExporter({ url: tracesUrl(), headers: { "x-sentry-auth": `sentry sentry_key=${shop.key.public_key}` }, compression: "gzip" as never })],
  ])("stores the spans of an %s export with their attributes, and its exception as an error of the trace", async (_, exporterFor) => {
    const recorded = await exportCheckout(exporterFor());

    const [stored, ...others] = await storedEnvelopes();
    expect(others).toEqual([]);
    expect(stored!.row).toMatchObject({ project_id: shop.project.id, item_types: "span,event", sdk_name: "opentelemetry.nodejs" });
    const [container, event] = stored!.items;
    expect(container!.header).toMatchObject({ type: "span", item_count: 3, content_type: "application/vnd.sentry.items.span.v2+json" });
    const spans = container!.payload.items as Json[];
    const root = spans.find((span) => span.span_id === recorded.rootSpanId)!;
    expect(root).toMatchObject({ trace_id: recorded.traceId, name: "GET /checkout", kind: "server", is_segment: true, start_timestamp: recorded.startMs / 1000, end_timestamp: (recorded.startMs + 100) / 1000 });
    expect(root.attributes).toMatchObject({
      "checkout.cart": { type: "string", value: token },
      "http.response.status_code": { type: "integer", value: 500 },
      "cart.total": { type: "double", value: 41.5 },
      "cart.express": { type: "boolean", value: true },
      "sentry.op": { type: "string", value: "http.server" },
      "sentry.release": { type: "string", value: `shop@${token}` },
      "sentry.environment": { type: "string", value: "production" },
      "sentry.origin": { type: "string", value: "auto.otlp.spans" },
      "resource.service.name": { type: "string", value: "shop" },
      "instrumentation.name": { type: "string", value: "shop-checkout" },
    });
    const db = spans.find((span) => span.span_id === recorded.dbSpanId)!;
    expect(db).toMatchObject({ parent_span_id: recorded.rootSpanId, status: "error", is_segment: false });
    expect((db.attributes as Attributes)["sentry.segment.name"]).toEqual({ type: "string", value: "GET /checkout" });
    expect(spans.find((span) => span.span_id === recorded.paymentSpanId)).toMatchObject({ links: [{ trace_id: recorded.linkedTraceId, span_id: recorded.linkedSpanId, sampled: true }] });

    expect(event!.header.type).toBe("event");
    expect(event!.payload).toMatchObject({
      exception: { values: [{ type: "TypeError", value: `card declined for ${token}` }] },
      contexts: { trace: { trace_id: recorded.traceId, span_id: recorded.dbSpanId } },
      release: `shop@${token}`,
      platform: "node",
    });

    // The error is digested like any error event: an issue whose event belongs to the trace.
    await server.service.digest.drain();
    const [errorRow, ...moreEvents] = await eventRows(database.db, shop.project.id);
    expect(moreEvents).toEqual([]);
    expect(errorRow).toMatchObject({ event_id: event!.payload.event_id, trace_id: recorded.traceId });
  });

  it("takes the endpoint and the key from OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and _HEADERS, as the docs say", async () => {
    const saved = { endpoint: process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, headers: process.env.OTEL_EXPORTER_OTLP_TRACES_HEADERS };
    process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = tracesUrl();
    process.env.OTEL_EXPORTER_OTLP_TRACES_HEADERS = `x-sentry-auth=sentry sentry_key=${shop.key.public_key}`;
    try {
      const recorded = await exportCheckout(new OtlpProtobufExporter());
      const [stored] = await storedEnvelopes();
      expect((stored!.items[0]!.payload.items as Json[]).map((span) => span.trace_id)).toEqual([recorded.traceId, recorded.traceId, recorded.traceId]);
    } finally {
      for (const [name, value] of [["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", saved.endpoint], ["OTEL_EXPORTER_OTLP_TRACES_HEADERS", saved.headers]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  /** The checkout trace as finished spans, for posting by hand. */
  function checkoutSpans() {
    const memory = new InMemorySpanExporter();
    recordCheckoutTrace(new SimpleSpanProcessor(memory), token);
    return memory.getFinishedSpans();
  }

  /** One export through `exporter`, resolving with the SDK's verdict. */
  function exportOnce(exporter: SpanExporter): Promise<{ code: number; error?: Error }> {
    return new Promise((resolve) => exporter.export(checkoutSpans(), resolve));
  }

  it.each([
    ["Authorization: Bearer <public key>", "integration/otlp/v1/traces", () => ({ authorization: `Bearer ${shop.key.public_key}` }), () => ""],
    ["?sentry_key= on the older alias", "otlp/v1/traces/", () => ({}), () => `?sentry_key=${shop.key.public_key}`],
  ])("accepts the key as %s", async (_, path, headers, query) => {
    const result = await exportOnce(new OtlpJsonExporter({ url: `${tracesUrl(path)}${query()}`, headers: headers() }));
    expect(result).toEqual({ code: 0 });
    expect((await storedEnvelopes()).map((stored) => stored.row.item_types)).toEqual(["span,event"]);
  });

  it("refuses a missing key (401) and an unknown key (403) as for envelopes, and the SDK reports the failure", async () => {
    const missing = await exportOnce(new OtlpJsonExporter({ url: tracesUrl() }));
    expect(missing.code).toBe(1);
    expect(missing.error).toMatchObject({ code: 401 });
    const unknown = await exportOnce(new OtlpProtobufExporter({ url: tracesUrl(), headers: { authorization: `Bearer ${"0".repeat(32)}` } }));
    expect(unknown.code).toBe(1);
    expect(unknown.error).toMatchObject({ code: 403 });
    expect(await storedEnvelopes()).toEqual([]);
  });

  it("answers 202 with an empty body (gzip too), 415 for another media type, 400 with the reason for an export of bad spans — storing only the good", async () => {
    const key = shop.key.public_key;
    const span = (spanId: string) => ({ traceId: "5b8efff798038103d269b633813fc60c", spanId, name: "job", startTimeUnixNano: String(BigInt(Date.now()) * 1_000_000n) });
    const body = (spans: Json[]) => Buffer.from(JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] }));
    const path = `/api/${shop.project.id}/integration/otlp/v1/traces`;

    const accepted = await postToIngest(server, shop.project.id, body([span("00f067aa0ba902b7")]), { key, path, headers: { "content-type": "application/json" } });
    expect(accepted.status).toBe(202);
    expect(await accepted.text()).toBe("");

    const partly = await postToIngest(server, shop.project.id, body([span("00f067aa0ba902b8"), span("xyz")]), { key, path, headers: { "content-type": "application/json; charset=utf-8" } });
    expect(partly.status).toBe(202);
    expect(await partly.json()).toEqual({ partialSuccess: { rejectedSpans: "1", errorMessage: "1 span(s) rejected: span 2: traceId must be 16 bytes and spanId 8 bytes, not all zero" } });

    const gzipped = await postToIngest(server, shop.project.id, gzipSync(body([span("00f067aa0ba902ba")])), { key, path, headers: { "content-type": "application/json", "content-encoding": "gzip" } });
    expect(gzipped.status).toBe(202);

    const wrongType = await postToIngest(server, shop.project.id, body([span("00f067aa0ba902b9")]), { key, path, headers: { "content-type": "text/plain" } });
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as { detail: string }).detail).toMatch(/use application\/json or application\/x-protobuf/);

    const allBad = await postToIngest(server, shop.project.id, body([span("nope")]), { key, path, headers: { "content-type": "application/json" } });
    expect(allBad.status).toBe(400);
    expect(((await allBad.json()) as { detail: string }).detail).toBe("no span of the export could be read: span 1: traceId must be 16 bytes and spanId 8 bytes, not all zero");

    const truncated = await postToIngest(server, shop.project.id, Buffer.from([0x0a, 0xff, 0x01]), { key, path, headers: { "content-type": "application/x-protobuf" } });
    expect(truncated.status).toBe(400);

    const spanIds = (await storedEnvelopes()).map((stored) => (stored.items[0]!.payload.items as Json[]).map((item) => item.span_id));
    expect(spanIds).toEqual([["00f067aa0ba902b7"], ["00f067aa0ba902b8"], ["00f067aa0ba902ba"]]);
  });

  it("refuses an export larger than 32 MiB decompressed (413), below the envelope limit", async () => {
    const padding = randomBytes(17 * 1024 * 1024).toString("hex");
    const body = gzipSync(Buffer.from(JSON.stringify({ resourceSpans: [], padding })), { level: 1 });
    const path = `/api/${shop.project.id}/integration/otlp/v1/traces`;
    const response = await postToIngest(server, shop.project.id, body, { key: shop.key.public_key, path, headers: { "content-type": "application/json", "content-encoding": "gzip" } });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/larger than the limit of 33554432 bytes/);
  });

  it("answers the same through the Next route handler as on the plain Node server", async () => {
    const request = new Request(`http://lantern.test/api/${shop.project.id}/integration/otlp/v1/traces`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${shop.key.public_key}` },
      body: JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: "5b8efff798038103d269b633813fc60c", spanId: "00f067aa0ba902b7", name: "job", startTimeUnixNano: "1764400000000000000" }] }] }] }),
    });
    const response = await handleWebIngestRequest(request, { kind: "otlp-traces", projectId: String(shop.project.id) }, server.service);
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
    expect((await storedEnvelopes()).map((stored) => stored.row.item_types)).toEqual(["span"]);
  });

  it("answers 429 once the key's rate limit is used, like envelopes", async () => {
    await database.db.updateTable("project_keys").set({ rate_limit_count: 1, rate_limit_window_seconds: 3600 }).where("id", "=", shop.key.id).execute();
    await server.close();
    server = await startIngestServer(database);
    const exporter = new OtlpJsonExporter({ url: tracesUrl(), headers: { authorization: `Bearer ${shop.key.public_key}` } });
    expect(await exportOnce(exporter)).toEqual({ code: 0 });
    const headers = { "content-type": "application/json", authorization: `Bearer ${shop.key.public_key}` };
    const path = `/api/${shop.project.id}/integration/otlp/v1/traces`;
    // An empty export stores nothing and takes no quota: still 202.
    expect((await postToIngest(server, shop.project.id, Buffer.from("{}"), { path, headers })).status).toBe(202);
    // The exporter would retry a 429 until its timeout; the answer itself is what matters here.
    const spans = { resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: "5b8efff798038103d269b633813fc60c", spanId: "00f067aa0ba902b7", name: "job", startTimeUnixNano: "1764400000000000000" }] }] }] };
    const limited = await postToIngest(server, shop.project.id, Buffer.from(JSON.stringify(spans)), { path, headers });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-sentry-rate-limits")).toMatch(/^\d+:span:key:key_quota$/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await storedEnvelopes()).length).toBe(1);
  });
});
