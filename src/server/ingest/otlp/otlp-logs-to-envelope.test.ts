import { describe, expect, it } from "vitest";
import { parseEnvelope } from "../parse-envelope";
import { otlpLogsToEnvelope } from "./otlp-logs-to-envelope";

const record = (extra: Record<string, unknown>) => ({ timeUnixNano: "1764000000250000000", body: { stringValue: "card declined" }, ...extra });
const exportOf = (records: unknown[]) =>
  Buffer.from(
    JSON.stringify({
      resourceLogs: [
        {
          resource: { attributes: [{ key: "service.name", value: { stringValue: "shop" } }, { key: "service.version", value: { stringValue: "shop@2" } }, { key: "telemetry.sdk.language", value: { stringValue: "python" } }] },
          scopeLogs: [{ scope: { name: "shop.payments", version: "1.0", attributes: [{ key: "team", value: { stringValue: "pay" } }] }, logRecords: records }],
        },
      ],
    }),
  );

describe("OTLP logs → a log container envelope", () => {
  it("maps severity, body, ids, attributes, resource and scope as Relay does", () => {
    const { envelope, rejected } = otlpLogsToEnvelope(
      exportOf([
        record({ severityNumber: 17, severityText: "ERROR", traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7", attributes: [{ key: "payment.retry", value: { intValue: "2" } }, { key: "tags", value: { arrayValue: { values: [{ stringValue: "a" }] } } }] }),
        record({ severityText: "warning", body: { intValue: "7" } }),
        record({ timeUnixNano: "0", observedTimeUnixNano: "1764000000000000000", severityNumber: 40 }),
        { body: { stringValue: "no time" } },
      ]),
      "json",
    );
    expect(rejected).toEqual(["log record 4: timeUnixNano and observedTimeUnixNano are both missing"]);
    const { header, items } = parseEnvelope(envelope!);
    expect(header.sdk).toEqual({ name: "opentelemetry.python" });
    expect(items[0]!.header).toMatchObject({ type: "log", item_count: 3, content_type: "application/vnd.sentry.items.log+json" });
    const logs = (JSON.parse(Buffer.from(items[0]!.payload).toString("utf8")) as { items: Record<string, unknown>[] }).items;
    expect(logs[0]).toEqual({
      timestamp: 1_764_000_000.25,
      trace_id: "4bf92f3577b34da6a3ce929d0e0e4736",
      span_id: "00f067aa0ba902b7",
      level: "error",
      severity_number: 17,
      body: "card declined",
      attributes: {
        "payment.retry": { type: "integer", value: 2 },
        tags: { type: "string", value: '["a"]' },
        "resource.service.name": { type: "string", value: "shop" },
        "resource.service.version": { type: "string", value: "shop@2" },
        "resource.telemetry.sdk.language": { type: "string", value: "python" },
        "instrumentation.team": { type: "string", value: "pay" },
        "instrumentation.name": { type: "string", value: "shop.payments" },
        "instrumentation.version": { type: "string", value: "1.0" },
        "sentry.origin": { type: "string", value: "auto.otlp.logs" },
        "sentry.release": { type: "string", value: "shop@2" },
      },
    });
    expect(logs[1]).toMatchObject({ level: "warn", severity_number: 13, body: "7", trace_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect((logs[1]!.attributes as Record<string, unknown>)["sentry.severity_text"]).toEqual({ type: "string", value: "warning" });
    expect(logs[2]).toMatchObject({ timestamp: 1_764_000_000, level: "info", severity_number: 9 });
  });

  it("refuses an export none of whose records can be read, and keeps an empty one empty", () => {
    expect(() => otlpLogsToEnvelope(exportOf([{ body: { stringValue: "x" } }]), "json")).toThrow(/no log record of the export could be read/);
    expect(otlpLogsToEnvelope(Buffer.from("{}"), "json")).toEqual({ envelope: null, rejected: [] });
  });
});
