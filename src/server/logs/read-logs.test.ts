import { describe, expect, it } from "vitest";
import { levelOfSeverity, logsOfContainer, logsOfOtelLog, maxTemplateLength } from "./read-logs";

const traceId = "5b8efff798038103d269b633813fc60c";
const sdkLine = {
  timestamp: 1_764_000_000.25,
  trace_id: traceId,
  span_id: "00f067aa0ba902b7",
  level: "info",
  severity_number: 9,
  body: "Order 4211 exported",
  attributes: {
    "sentry.message.template": { type: "string", value: "Order %s exported" },
    "sentry.message.parameter.0": { type: "integer", value: 4211 },
    "sentry.release": { type: "string", value: "shop@1.2.3" },
    "sentry.environment": { type: "string", value: "production" },
    "sentry.sdk.name": { type: "string", value: "sentry.javascript.node" },
    "order.express": { type: "boolean", value: true },
    "order.total": { type: "double", value: 41.5 },
  },
};

describe("logsOfContainer", () => {
  it("reads a @sentry/node line: columns apart, template parameters apart, the other attributes typed", () => {
    const { logs, problems } = logsOfContainer({ items: [sdkLine] });
    expect(problems).toEqual([]);
    expect(logs).toEqual([
      {
        timestampUs: 1_764_000_000_250_000,
        traceId,
        spanId: "00f067aa0ba902b7",
        severityNumber: 9,
        levelText: null,
        body: "Order 4211 exported",
        template: "Order %s exported",
        parameters: { "0": { type: "integer", value: 4211 } },
        release: "shop@1.2.3",
        environment: "production",
        attributes: { "sentry.sdk.name": { type: "string", value: "sentry.javascript.node" }, "order.express": { type: "boolean", value: true }, "order.total": { type: "double", value: 41.5 } },
      },
    ]);
  });

  it("derives the severity number from the level, and the level from the number's range", () => {
    const read = logsOfContainer({ items: ["trace", "debug", "info", "warn", "error", "fatal", "warning"].map((level) => ({ ...sdkLine, level, severity_number: undefined })) });
    expect(read.logs.map((log) => log.severityNumber)).toEqual([1, 5, 9, 13, 17, 21, 13]);
    expect(read.logs.at(-1)!.levelText).toBe("warning");
    expect([1, 4, 5, 12, 13, 17, 20, 21, 24].map(levelOfSeverity)).toEqual(["trace", "trace", "debug", "info", "warn", "error", "error", "fatal", "fatal"]);
  });

  it("drops lines without a timestamp, trace id or body and says why; keeps the others", () => {
    const { logs, problems } = logsOfContainer({ items: [{ ...sdkLine, timestamp: undefined }, { ...sdkLine, trace_id: "0".repeat(32) }, { ...sdkLine, body: { html: true } }, "text", sdkLine] });
    expect(logs).toHaveLength(1);
    expect(problems).toEqual(["log 1: timestamp is missing or out of range (dropped)", "log 2: trace_id is not 32 hex digits (dropped)", "log 3: body is not a string (dropped)", "log 4: not an object (dropped)"]);
  });

  it("keeps a template longer than the string table takes as an attribute of the line", () => {
    const template = "x".repeat(maxTemplateLength + 1);
    const [log] = logsOfContainer({ items: [{ ...sdkLine, attributes: { "sentry.message.template": { type: "string", value: template } } }] }).logs;
    expect(log).toMatchObject({ template: null, attributes: { "sentry.message.template": { type: "string", value: template } } });
  });
});

describe("logsOfOtelLog", () => {
  it("reads the legacy otel_log record: nanosecond time, string_value body, typed attribute list", () => {
    const { logs, problems } = logsOfOtelLog({
      severity_text: "warn",
      severity_number: 13,
      trace_id: traceId,
      body: { string_value: "disk almost full" },
      time_unix_nano: "1764000000250000000",
      attributes: [
        { key: "disk.free", value: { intValue: "1024" } },
        { key: "host", value: { string_value: "db-1" } },
        { key: "sentry.release", value: { stringValue: "ops@7" } },
      ],
    });
    expect(problems).toEqual([]);
    expect(logs[0]).toMatchObject({ timestampUs: 1_764_000_000_250_000, severityNumber: 13, body: "disk almost full", release: "ops@7", attributes: { "disk.free": { type: "integer", value: 1024 }, host: { type: "string", value: "db-1" } } });
  });
});
