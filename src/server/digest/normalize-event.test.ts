import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { parseEnvelope } from "../ingest/parse-envelope";
import { depthAddedByNormalization, maxEventDepth, normalizeEvent, type NormalizeContext, type NormalizedEvent } from "./normalize-event";
import { jsonNestingDepth } from "@/lib/json-nesting-depth";

type Json = Record<string, unknown>;

const receivedAt = Date.UTC(2026, 0, 15, 12, 0, 0);
const received = receivedAt / 1000;
const hex32 = /^[0-9a-f]{32}$/;

const normalize = (raw: Json, context: Partial<NormalizeContext> = {}) => normalizeEvent(raw, { receivedAt, ...context });
const errorsOf = (result: NormalizedEvent) => (result.event.errors ?? []) as Json[];
const errorTypes = (result: NormalizedEvent) => errorsOf(result).map((error) => error.type);
const valuesOf = (field: unknown) => (field as { values: Json[] }).values;
const framesOf = (result: NormalizedEvent, index = 0) => (valuesOf(result.event.exception)[index]!.stacktrace as { frames: Json[] }).frames;
const crumbsOf = (result: NormalizedEvent) => valuesOf(result.event.breadcrumbs);
const frames = (count: number, extra: (index: number) => Json = () => ({})) =>
  Array.from({ length: count }, (_, index) => ({ function: `f${index}`, filename: "/app/a.js", ...extra(index) }));
const nested = (depth: number): unknown => {
  let value: unknown = "bottom";
  for (let level = 0; level < depth; level++) value = { deeper: value };
  return value;
};
const depthOf = (value: unknown): number => {
  let depth = 0;
  while (typeof value === "object" && value !== null) {
    depth++;
    value = Object.values(value)[0];
  }
  return depth;
};

interface Case {
  name: string;
  raw: Json;
  context?: Partial<NormalizeContext>;
  check: (result: NormalizedEvent) => void;
}

const eventIdCases: Case[] = [
  {
    name: "event_id: a hyphenated uppercase UUID becomes 32 lowercase hex",
    raw: { event_id: "4C1C01D5-C576-02BA-60B7-5762E44D8850" },
    check: (r) => expect(r.eventId).toBe("4c1c01d5c57602ba60b75762e44d8850"),
  },
  {
    name: "event_id: missing takes the envelope header's id",
    raw: {},
    context: { headerEventId: "45fc39b9-b746-4d02-9c3a-b6d97974c141" },
    check: (r) => {
      expect(r.eventId).toBe("45fc39b9b7464d029c3ab6d97974c141");
      expect(r.event.event_id).toBe(r.eventId);
      expect(errorsOf(r)).toEqual([]);
    },
  },
  {
    name: "event_id: missing without a header id is generated",
    raw: { event_id: null },
    check: (r) => {
      expect(r.eventId).toMatch(hex32);
      expect(r.eventId).not.toBe(normalize({}).eventId);
    },
  },
  {
    name: "event_id: invalid is replaced by a generated id, with an error",
    raw: { event_id: "not-an-event-id" },
    context: { headerEventId: "45fc39b9b7464d029c3ab6d97974c141" },
    check: (r) => {
      expect(r.eventId).toMatch(hex32);
      expect(r.eventId).not.toBe("45fc39b9b7464d029c3ab6d97974c141");
      expect(errorsOf(r)).toContainEqual({ type: "invalid_data", name: "event_id", value: "not-an-event-id" });
    },
  },
];

const timestampCases: Case[] = [
  {
    name: "timestamp: RFC 3339 with Z and fractional seconds",
    raw: { timestamp: "2026-01-15T11:59:30.250Z" },
    check: (r) => {
      expect(r.timestampMs).toBe(Date.UTC(2026, 0, 15, 11, 59, 30, 250));
      expect(r.event.timestamp).toBeCloseTo(received - 29.75, 6);
    },
  },
  {
    name: "timestamp: RFC 3339 without a timezone is UTC",
    raw: { timestamp: "2026-01-15T11:00:00" },
    check: (r) => expect(r.timestampMs).toBe(Date.UTC(2026, 0, 15, 11, 0, 0)),
  },
  {
    name: "timestamp: RFC 3339 with an offset",
    raw: { timestamp: "2026-01-15T13:30:00.5+02:00" },
    check: (r) => expect(r.timestampMs).toBe(Date.UTC(2026, 0, 15, 11, 30, 0, 500)),
  },
  {
    name: "timestamp: float seconds keep their fraction",
    raw: { timestamp: received - 100.125 },
    check: (r) => {
      expect(r.timestampMs).toBe(receivedAt - 100_125);
      expect(r.event.timestamp).toBe(received - 100.125);
    },
  },
  {
    name: "timestamp: missing is the receive time, without an error",
    raw: {},
    check: (r) => {
      expect(r.timestampMs).toBe(receivedAt);
      expect(r.event.timestamp).toBe(received);
      expect(r.event.received).toBe(received);
      expect(errorsOf(r)).toEqual([]);
    },
  },
  {
    name: "timestamp: an impossible date is replaced by the receive time, with an error",
    raw: { timestamp: "2026-02-30T10:00:00Z" },
    check: (r) => {
      expect(r.timestampMs).toBe(receivedAt);
      expect(errorsOf(r)).toContainEqual({ type: "invalid_data", name: "timestamp", value: "2026-02-30T10:00:00Z" });
    },
  },
  {
    name: "clock drift: 2 h behind shifts timestamp, start_timestamp and breadcrumbs, with an error",
    raw: {
      type: "transaction",
      timestamp: received - 7200 - 5,
      start_timestamp: "2026-01-15T09:59:50Z",
      breadcrumbs: [{ timestamp: received - 7200 - 8, message: "clicked" }],
    },
    context: { sentAt: new Date(receivedAt - 7200_000).toISOString() },
    check: (r) => {
      expect(r.event.timestamp).toBe(received - 5);
      expect(r.event.start_timestamp).toBe(received - 10);
      expect(crumbsOf(r)[0]!.timestamp).toBe(received - 8);
      expect(errorsOf(r)).toContainEqual({ type: "clock_drift", sdk_time: "2026-01-15T10:00:00.000Z", server_time: "2026-01-15T12:00:00.000Z" });
    },
  },
  {
    name: "clock drift: under 55 minutes is ignored",
    raw: { timestamp: received - 54 * 60 },
    context: { sentAt: new Date(receivedAt - 54 * 60_000).toISOString() },
    check: (r) => {
      expect(r.event.timestamp).toBe(received - 54 * 60);
      expect(errorTypes(r)).not.toContain("clock_drift");
    },
  },
  {
    name: "future_timestamp: more than 60 s ahead becomes the receive time",
    raw: { timestamp: received + 61 },
    check: (r) => {
      expect(r.timestampMs).toBe(receivedAt);
      expect(errorsOf(r)).toContainEqual({ type: "future_timestamp", name: "timestamp", value: "2026-01-15T12:01:01.000Z" });
    },
  },
  {
    name: "future_timestamp: 59 s ahead is kept",
    raw: { timestamp: received + 59 },
    check: (r) => {
      expect(r.timestampMs).toBe(receivedAt + 59_000);
      expect(errorsOf(r)).toEqual([]);
    },
  },
  {
    name: "past_timestamp: older than 30 days becomes the receive time",
    raw: { timestamp: received - 31 * 24 * 3600 },
    check: (r) => {
      expect(r.timestampMs).toBe(receivedAt);
      expect(errorTypes(r)).toEqual(["past_timestamp"]);
    },
  },
];

const levelCases: Case[] = [
  ...(
    [
      ["log", "info"],
      ["warn", "warning"],
      ["critical", "fatal"],
      ["WARNING", "warning"],
      [10, "debug"],
      [20, "info"],
      [30, "warning"],
      [40, "error"],
      [50, "fatal"],
    ] as const
  ).map(
    ([given, level]): Case => ({
      name: `level: ${JSON.stringify(given)} → ${level}`,
      raw: { level: given },
      check: (r) => {
        expect(r.level).toBe(level);
        expect(r.event.level).toBe(level);
      },
    }),
  ),
  {
    name: "level: default is error",
    raw: { message: "hello" },
    check: (r) => expect(r.level).toBe("error"),
  },
  {
    name: "level: a transaction defaults to info",
    raw: { type: "transaction", transaction: "/checkout" },
    check: (r) => expect(r.level).toBe("info"),
  },
  {
    name: "level: unknown becomes the default, with an error",
    raw: { level: "constructor" },
    check: (r) => {
      expect(r.level).toBe("error");
      expect(errorsOf(r)).toContainEqual({ type: "invalid_data", name: "level", value: "constructor" });
    },
  },
];

const attributeCases: Case[] = [
  {
    name: "platform: missing defaults to other",
    raw: {},
    check: (r) => expect([r.platform, r.event.platform]).toEqual(["other", "other"]),
  },
  {
    name: "platform: unknown values are kept",
    raw: { platform: "crystal" },
    check: (r) => expect(r.platform).toBe("crystal"),
  },
  {
    name: "type: error when an exception is present, else default",
    raw: { exception: [{ type: "Boom" }] },
    check: (r) => {
      expect(r.type).toBe("error");
      expect(normalize({ message: "x" }).type).toBe("default");
    },
  },
  {
    name: "type: a known type is kept, an unknown one is inferred with an error",
    raw: { type: "csp" },
    check: (r) => {
      expect(r.type).toBe("csp");
      const unknown = normalize({ type: "bogus" });
      expect(unknown.type).toBe("default");
      expect(errorsOf(unknown)).toContainEqual({ type: "invalid_data", name: "type", value: "bogus" });
    },
  },
  {
    name: "release: surrounding whitespace trimmed, numbers stringified",
    raw: { release: "  web@1.2.3 \n" },
    check: (r) => {
      expect(r.release).toBe("web@1.2.3");
      expect(normalize({ release: 42 }).release).toBe("42");
    },
  },
  ...["", "..", ".", "web/1.0", "a\\b", "x".repeat(201)].map(
    (release): Case => ({
      name: `release: ${JSON.stringify(release.slice(0, 12))} is invalid, removed with an error`,
      raw: { release },
      check: (r) => {
        expect(r.release).toBeNull();
        expect(r.event).not.toHaveProperty("release");
        expect(errorsOf(r)).toContainEqual(expect.objectContaining({ type: "invalid_data", name: "release" }));
      },
    }),
  ),
  {
    name: "dist: only [a-zA-Z0-9_.-] up to 64 characters",
    raw: { dist: "build 7" },
    check: (r) => {
      expect(r.event).not.toHaveProperty("dist");
      expect(errorsOf(r)).toContainEqual({ type: "invalid_data", name: "dist", value: "build 7" });
      expect(normalize({ dist: "build_7.1-a" }).event.dist).toBe("build_7.1-a");
    },
  },
  {
    name: "environment: longer than 64 characters is removed with an error",
    raw: { environment: "e".repeat(65) },
    check: (r) => {
      expect(r.environment).toBeNull();
      expect(errorTypes(r)).toEqual(["invalid_data"]);
      expect(normalize({ environment: "e".repeat(64) }).environment).toBe("e".repeat(64));
    },
  },
  {
    name: "logger: a newline makes it invalid; transaction is trimmed to 200",
    raw: { logger: "a\nb", transaction: "t".repeat(300) },
    check: (r) => {
      expect(r.event).not.toHaveProperty("logger");
      expect(r.event.transaction).toBe(`${"t".repeat(197)}...`);
    },
  },
  {
    name: "fingerprint: numbers and booleans stringified, null and objects dropped",
    raw: { fingerprint: ["{{ default }}", 42, true, null, { a: 1 }, "checkout"] },
    check: (r) => {
      expect(r.event.fingerprint).toEqual(["{{ default }}", "42", "true", "checkout"]);
      expect(errorTypes(r)).toEqual(["invalid_data", "invalid_data"]);
    },
  },
  {
    name: "unknown fields are kept unchanged, Relay's _meta is not",
    raw: { measurements: { lcp: { value: 1.5, unit: "millisecond" } }, modules: { next: "16.4.6" }, future_field: [1, { x: "y" }], _meta: { x: {} } },
    check: (r) => {
      expect(r.event.measurements).toEqual({ lcp: { value: 1.5, unit: "millisecond" } });
      expect(r.event.modules).toEqual({ next: "16.4.6" });
      expect(r.event.future_field).toEqual([1, { x: "y" }]);
      expect(r.event).not.toHaveProperty("_meta");
    },
  },
  {
    name: "errors: an SDK's own errors are kept, processing errors appended",
    raw: { errors: [{ type: "js_no_source", url: "https://x/app.js" }, "junk"], level: "loud" },
    check: (r) => expect(errorsOf(r)).toEqual([{ type: "js_no_source", url: "https://x/app.js" }, { type: "invalid_data", name: "level", value: "loud" }]),
  },
];

const tagCases: Case[] = [
  {
    name: "tags: an object becomes pairs with stringified values; null values are dropped",
    raw: { tags: { route: "/a", retries: 3, cached: false, gone: null } },
    check: (r) => {
      expect(r.event.tags).toEqual([
        ["route", "/a"],
        ["retries", "3"],
        ["cached", "false"],
      ]);
      expect(errorsOf(r)).toEqual([]);
    },
  },
  {
    name: "tags: a list of pairs; malformed entries dropped with errors",
    raw: { tags: [["a", "1"], ["b"], "c=3", ["d", { x: 1 }], ["e", 5]] },
    check: (r) => {
      expect(r.event.tags).toEqual([
        ["a", "1"],
        ["e", "5"],
      ]);
      expect(errorTypes(r)).toEqual(["invalid_data", "invalid_data", "invalid_data"]);
    },
  },
  {
    name: "tags: keys and values over 200 characters are dropped (value_too_long); 200 is fine",
    raw: { tags: { ["k".repeat(201)]: "v", long: "v".repeat(201), ok: "v".repeat(200) } },
    check: (r) => {
      expect(r.event.tags).toEqual([["ok", "v".repeat(200)]]);
      expect(errorTypes(r)).toEqual(["value_too_long", "value_too_long"]);
    },
  },
  {
    name: "tags: newlines and empty keys are invalid",
    raw: { tags: { "a\nb": "1", c: "x\ny", "": "z" } },
    check: (r) => {
      expect(r.event).not.toHaveProperty("tags");
      expect(errorTypes(r)).toEqual(["invalid_data", "invalid_data", "invalid_data"]);
    },
  },
  {
    name: "tags: reserved keys removed, duplicates keep the first",
    raw: { tags: [["release", "1"], ["dist", "2"], ["user", "3"], ["filename", "4"], ["function", "5"], ["k", "first"], ["k", "second"]] },
    check: (r) => expect(r.event.tags).toEqual([["k", "first"]]),
  },
  {
    name: "tags: the environment tag moves into the field",
    raw: { tags: { environment: "staging", a: "b" } },
    check: (r) => {
      expect(r.environment).toBe("staging");
      expect(r.event.environment).toBe("staging");
      expect(r.event.tags).toEqual([["a", "b"]]);
    },
  },
  {
    name: "tags: the environment field wins over the tag, which is still removed",
    raw: { environment: "production", tags: { environment: "staging" } },
    check: (r) => {
      expect(r.environment).toBe("production");
      expect(r.event).not.toHaveProperty("tags");
    },
  },
  {
    name: "server_name: moves into a tag after the SDK's tags",
    raw: { server_name: "web-1", tags: { a: "b" } },
    check: (r) => {
      expect(r.event.tags).toEqual([
        ["a", "b"],
        ["server_name", "web-1"],
      ]);
      expect(r.event).not.toHaveProperty("server_name");
    },
  },
];

const breadcrumbCases: Case[] = [
  {
    name: "breadcrumbs: a bare list becomes {values} with type default",
    raw: { breadcrumbs: [{ message: "a" }, { message: "b", type: "http" }] },
    check: (r) => expect(crumbsOf(r)).toEqual([{ message: "a", type: "default" }, { message: "b", type: "http" }]),
  },
  {
    name: "breadcrumbs: only the newest 100 are kept, oldest first",
    raw: { breadcrumbs: { values: Array.from({ length: 150 }, (_, index) => ({ message: `m${index}` })) } },
    check: (r) => {
      const crumbs = crumbsOf(r);
      expect(crumbs).toHaveLength(100);
      expect(crumbs[0]!.message).toBe("m50");
      expect(crumbs[99]!.message).toBe("m149");
    },
  },
  {
    name: "breadcrumbs: RFC 3339 timestamps become float seconds; bad levels and timestamps are removed with errors",
    raw: { breadcrumbs: [{ timestamp: "2026-01-15T11:59:59.5Z", level: "warn" }, { timestamp: "yesterday", level: "loud", data: "x" }] },
    check: (r) => {
      expect(crumbsOf(r)).toEqual([{ timestamp: received - 0.5, level: "warning", type: "default" }, { type: "default" }]);
      expect(errorsOf(r).map((error) => error.name)).toEqual(["breadcrumbs.values.1.timestamp", "breadcrumbs.values.1.level", "breadcrumbs.values.1.data"]);
    },
  },
];

const exceptionCases: Case[] = [
  {
    name: "exception: a bare list becomes {values}",
    raw: { exception: [{ type: "A", value: "a" }] },
    check: (r) => expect(r.event.exception).toEqual({ values: [{ type: "A", value: "a" }] }),
  },
  {
    name: "exception: a single object becomes {values}",
    raw: { exception: { type: "A", value: "a", module: "m" } },
    check: (r) => expect(r.event.exception).toEqual({ values: [{ type: "A", value: "a", module: "m" }] }),
  },
  {
    name: "exception: entries with neither type nor value are dropped with an error",
    raw: { exception: { values: [{ mechanism: { type: "generic" } }, { type: "Kept" }, null, 7] } },
    check: (r) => {
      expect(valuesOf(r.event.exception)).toEqual([{ type: "Kept" }]);
      expect(errorsOf(r)).toEqual([{ type: "missing_attribute", name: "exception.values.0" }, { type: "invalid_data", name: "exception.values.3", value: 7 }]);
    },
  },
  {
    name: "exception: a value like 'TypeError: foo' is split when the type is missing",
    raw: { exception: [{ value: "TypeError: x is undefined\n  at line 2" }, { type: "Error", value: "RangeError: kept whole" }] },
    check: (r) =>
      expect(valuesOf(r.event.exception)).toEqual([
        { type: "TypeError", value: "x is undefined\n  at line 2" },
        { type: "Error", value: "RangeError: kept whole" },
      ]),
  },
  {
    name: "exception: a mechanism without type becomes generic; a non-boolean handled is dropped",
    raw: { exception: [{ type: "E", mechanism: { handled: "no", data: { k: 1 } } }] },
    check: (r) => expect(valuesOf(r.event.exception)[0]!.mechanism).toEqual({ type: "generic", data: { k: 1 } }),
  },
  {
    name: "threads: stacktraces are normalized like exceptions'",
    raw: { threads: [{ id: 1, crashed: true, stacktrace: { frames: frames(260) } }] },
    check: (r) => expect((valuesOf(r.event.threads)[0]!.stacktrace as { frames: Json[] }).frames).toHaveLength(250),
  },
];

const titleCases: Case[] = [
  {
    name: "title: 'Type: value' of the newest (last) exception",
    raw: { exception: [{ type: "TypeError", value: "cause" }, { type: "Error", value: "Checkout failed" }], message: "ignored" },
    check: (r) => expect(r.title).toBe("Error: Checkout failed"),
  },
  {
    name: "title: only the type, or only the value",
    raw: { exception: [{ type: "OnlyType" }] },
    check: (r) => {
      expect(r.title).toBe("OnlyType");
      expect(normalize({ exception: [{ value: "only a value" }] }).title).toBe("only a value");
    },
  },
  {
    name: "title: the formatted message when there is no exception",
    raw: { logentry: { message: "Order %s failed", params: ["A-17"] }, transaction: "/checkout" },
    check: (r) => expect(r.title).toBe("Order A-17 failed"),
  },
  {
    name: "title: the transaction, else <unlabeled event>",
    raw: { transaction: "/checkout" },
    check: (r) => {
      expect(r.title).toBe("/checkout");
      expect(normalize({}).title).toBe("<unlabeled event>");
    },
  },
  {
    name: "title: at most 1024 characters",
    raw: { exception: [{ type: "E", value: "v".repeat(5000) }] },
    check: (r) => {
      expect(r.title).toHaveLength(1024);
      expect(r.title.startsWith("E: vvv")).toBe(true);
      expect(r.title.endsWith("...")).toBe(true);
    },
  },
];

const frameCases: Case[] = [
  {
    name: "frames: over 250, the first 249 and the last (crashing) frame are kept",
    raw: { exception: [{ type: "E", stacktrace: { frames: frames(300) } }] },
    check: (r) => {
      const kept = framesOf(r);
      expect(kept).toHaveLength(250);
      expect(kept[248]!.function).toBe("f248");
      expect(kept[249]!.function).toBe("f299");
    },
  },
  {
    name: "frames: a web URL filename moves to abs_path and the filename becomes its path",
    raw: { exception: [{ type: "E", stacktrace: { frames: [{ filename: "http://foo.com/foo.js?v=2" }, { filename: "https://foo.com/" }, { filename: "app:///_next/static/chunks/a.js" }] } }] },
    check: (r) =>
      expect(framesOf(r)).toEqual([
        { abs_path: "http://foo.com/foo.js?v=2", filename: "/foo.js" },
        { abs_path: "https://foo.com/", filename: "https://foo.com/" },
        { abs_path: "app:///_next/static/chunks/a.js", filename: "app:///_next/static/chunks/a.js" },
      ]),
  },
  {
    name: "frames: a missing filename comes from abs_path; an existing one is kept",
    raw: { exception: [{ type: "E", stacktrace: { frames: [{ abs_path: "file:///srv/app/index.js" }, { abs_path: "webpack://app/src/a.ts", filename: "src/a.ts" }] } }] },
    check: (r) =>
      expect(framesOf(r)).toEqual([
        { abs_path: "file:///srv/app/index.js", filename: "/srv/app/index.js" },
        { abs_path: "webpack://app/src/a.ts", filename: "src/a.ts" },
      ]),
  },
  {
    name: "frames: context lines are kept; bad line numbers and in_app are dropped with errors",
    raw: { exception: [{ type: "E", stacktrace: { frames: [{ filename: "/a.js", lineno: "12", colno: -1, in_app: "yes", pre_context: ["a", null], context_line: "b", post_context: ["c"] }] } }] },
    check: (r) => {
      expect(framesOf(r)[0]).toEqual({ abs_path: "/a.js", filename: "/a.js", pre_context: ["a", ""], context_line: "b", post_context: ["c"] });
      expect(errorsOf(r).map((error) => error.name)).toEqual([
        "exception.values.0.stacktrace.frames.0.lineno",
        "exception.values.0.stacktrace.frames.0.colno",
        "exception.values.0.stacktrace.frames.0.in_app",
      ]);
    },
  },
  {
    name: "frames: over 50, middle frames lose vars and pre/post context but keep context_line",
    raw: { exception: [{ type: "E", stacktrace: { frames: frames(60, () => ({ vars: { a: 1 }, pre_context: ["p"], context_line: "c", post_context: ["q"] })) } }] },
    check: (r) => {
      const kept = framesOf(r);
      const full = kept.filter((frame) => "vars" in frame);
      expect(full).toHaveLength(50);
      expect(kept[0]).toHaveProperty("pre_context");
      expect(kept[59]).toHaveProperty("post_context");
      expect(kept[30]).toEqual({ function: "f30", abs_path: "/app/a.js", filename: "/app/a.js", context_line: "c" });
    },
  },
  {
    name: "frames: in-app frames keep their data before system frames",
    raw: { exception: [{ type: "E", stacktrace: { frames: frames(60, (index) => ({ in_app: index >= 30, vars: { i: index } })) } }] },
    check: (r) => {
      const kept = framesOf(r);
      expect(kept.slice(30).every((frame) => "vars" in frame)).toBe(true);
      expect(kept.slice(0, 30).filter((frame) => "vars" in frame)).toHaveLength(20);
    },
  },
];

const messageCases: Case[] = [
  {
    name: "message: a string becomes logentry.formatted",
    raw: { message: "Nightly export finished" },
    check: (r) => {
      expect(r.event.logentry).toEqual({ formatted: "Nightly export finished" });
      expect(r.event).not.toHaveProperty("message");
    },
  },
  {
    name: "message: an object with %s params is formatted, the template kept",
    raw: { message: { message: "User %s paid %d%%", params: ["ann", 12] } },
    check: (r) => expect(r.event.logentry).toEqual({ formatted: "User ann paid 12%", message: "User %s paid %d%%", params: ["ann", 12] }),
  },
  {
    name: "logentry: %(name)s with a params object; a placeholder without a param stays",
    raw: { logentry: { message: "%(who)s met %(whom)s", params: { who: "ann" } } },
    check: (r) => expect((r.event.logentry as Json).formatted).toBe("ann met %(whom)s"),
  },
  {
    name: "logentry: {} and {0} placeholders",
    raw: { logentry: { message: "{} then {} then {0}", params: ["a", "b"] } },
    check: (r) => expect((r.event.logentry as Json).formatted).toBe("a then b then a"),
  },
  {
    name: "logentry: a formatted equal to message drops message; logentry wins over message",
    raw: { logentry: { message: "same", formatted: "same" }, message: "legacy" },
    check: (r) => expect(r.event.logentry).toEqual({ formatted: "same" }),
  },
  {
    name: "logentry: 8192 + 200 characters is the allowance; beyond, trimmed to 8192 ending in ...",
    raw: { message: "m".repeat(8392) },
    check: (r) => {
      expect((r.event.logentry as Json).formatted).toHaveLength(8392);
      const trimmed = (normalize({ message: "m".repeat(8393) }).event.logentry as Json).formatted as string;
      expect(trimmed).toHaveLength(8192);
      expect(trimmed.endsWith("m...")).toBe(true);
    },
  },
];

const userCases: Case[] = [
  {
    name: "user: ip_address {{auto}} becomes the SDK's address",
    raw: { platform: "python", user: { id: "u1", ip_address: "{{auto}}" } },
    context: { clientIp: "203.0.113.7" },
    check: (r) => expect(r.event.user).toEqual({ id: "u1", ip_address: "203.0.113.7" }),
  },
  {
    name: "user: javascript events get the SDK's address when none is given; node events do not",
    raw: { platform: "javascript" },
    context: { clientIp: "2001:db8::1" },
    check: (r) => {
      expect(r.event.user).toEqual({ ip_address: "2001:db8::1" });
      expect(r.userKey).toBe("ip:2001:db8::1");
      const node = normalize({ platform: "node" }, { clientIp: "2001:db8::1" });
      expect(node.event).not.toHaveProperty("user");
      expect(node.userKey).toBeNull();
    },
  },
  {
    name: "user: an invalid ip_address is removed with an error; a numeric id is stringified",
    raw: { user: { id: 42, ip_address: "999.1.1.1" } },
    check: (r) => {
      expect(r.event.user).toEqual({ id: "42" });
      expect(r.userKey).toBe("id:42");
      expect(errorsOf(r)).toEqual([{ type: "invalid_data", name: "user.ip_address", value: "999.1.1.1" }]);
    },
  },
  {
    name: "userKey: id, then email, then username, then ip",
    raw: { user: { email: "a@b.c", username: "ann", ip_address: "10.0.0.1" } },
    check: (r) => {
      expect(r.userKey).toBe("email:a@b.c");
      expect(normalize({ user: { username: "ann", ip_address: "10.0.0.1" } }).userKey).toBe("username:ann");
      expect(normalize({ user: { ip_address: "10.0.0.1" } }).userKey).toBe("ip:10.0.0.1");
    },
  },
];

const dataCases: Case[] = [
  {
    name: "contexts: type defaults to the key; null contexts skipped; invalid trace ids removed",
    raw: { contexts: { os: { name: "Linux" }, gone: null, trace: { trace_id: "D1BB63710FB44A969D73D48E78FD1484", span_id: "short" } } },
    check: (r) => {
      expect(r.event.contexts).toEqual({ os: { name: "Linux", type: "os" }, trace: { trace_id: "d1bb63710fb44a969d73d48e78fd1484", type: "trace" } });
      expect(errorsOf(r)).toEqual([{ type: "invalid_data", name: "contexts.trace.span_id", value: "short" }]);
    },
  },
  {
    name: "request: headers as an object become pairs; a list value is joined",
    raw: { request: { url: "https://x/", headers: { "User-Agent": "UA", Accept: ["a", "b"], Skip: null } } },
    check: (r) =>
      expect(r.event.request).toEqual({
        url: "https://x/",
        headers: [
          ["User-Agent", "UA"],
          ["Accept", "a, b"],
        ],
      }),
  },
  {
    name: "extra: kept to 262,144 bytes and 7 levels",
    raw: { extra: { big: "x".repeat(300_000), deep: nested(10), small: 1 } },
    check: (r) => {
      const extra = r.event.extra as Json;
      expect((extra.big as string).length).toBeLessThan(262_144);
      expect((extra.big as string).endsWith("...")).toBe(true);
      expect(extra).not.toHaveProperty("small");
      expect(depthOf(extra.deep)).toBeLessThanOrEqual(6);
    },
  },
];

const cases: Case[] = [
  ...eventIdCases,
  ...timestampCases,
  ...levelCases,
  ...attributeCases,
  ...tagCases,
  ...breadcrumbCases,
  ...exceptionCases,
  ...titleCases,
  ...frameCases,
  ...messageCases,
  ...userCases,
  ...dataCases,
];

describe("normalizeEvent", () => {
  it.each(cases)("$name", ({ raw, context, check }) => {
    check(normalize(raw, context));
  });
});

describe("normalizeEvent on hostile input", () => {
  it.each([
    ["null", null],
    ["an array", []],
    ["a string", "event"],
    ["a number", 42],
    ["a boolean", true],
    ["undefined", undefined],
  ])("rejects %s, which is not a JSON object, with bad_request", (_, raw) => {
    let thrown: unknown;
    try {
      normalizeEvent(raw, { receivedAt });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe("bad_request");
    expect((thrown as AppError).message).toMatch(/not a JSON object/);
  });

  it("repairs null in every field it knows", () => {
    const fields = ["event_id", "timestamp", "start_timestamp", "level", "platform", "type", "message", "logentry", "exception", "threads", "breadcrumbs", "tags", "server_name", "release", "dist", "environment", "logger", "transaction", "culprit", "fingerprint", "user", "contexts", "request", "extra", "sdk", "errors"];
    const result = normalize(Object.fromEntries(fields.map((field) => [field, null])));
    expect(result).toMatchObject({ type: "default", level: "error", platform: "other", title: "<unlabeled event>", release: null, environment: null, userKey: null });
    expect(result.event).toEqual({ event_id: result.eventId, timestamp: received, received, type: "default", level: "error", platform: "other" });
  });

  it("drops wrong types with errors instead of throwing", () => {
    const result = normalize({
      event_id: 12,
      timestamp: { at: 1 },
      level: [],
      platform: 7,
      message: { formatted: { nested: true } },
      exception: "boom",
      breadcrumbs: 5,
      tags: "a=b",
      user: "ann",
      contexts: [],
      request: "GET /",
      extra: "x",
      sdk: 1,
      fingerprint: "custom",
      release: { v: 1 },
    });
    expect(result).toMatchObject({ type: "default", level: "error", platform: "other", release: null });
    expect(result.eventId).toMatch(hex32);
    expect(Object.keys(result.event).sort()).toEqual(["event_id", "level", "platform", "received", "timestamp", "type", "errors"].sort());
    expect(errorsOf(result).map((error) => error.name)).toEqual(
      expect.arrayContaining(["event_id", "timestamp", "level", "platform", "exception", "breadcrumbs", "tags", "user", "contexts", "request", "extra", "sdk", "fingerprint", "release"]),
    );
  });

  it("trims a 2 MB message to 8192 characters", () => {
    const result = normalize({ message: "é".repeat(2 * 1024 * 1024) });
    const formatted = (result.event.logentry as Json).formatted as string;
    expect(formatted).toHaveLength(8192);
    expect(formatted.endsWith("é...")).toBe(true);
    expect(result.title).toHaveLength(1024);
  });

  it("trims a 10 MB exception value and never splits a surrogate pair", () => {
    const result = normalize({ exception: [{ type: "E", value: "😀".repeat(5 * 1024 * 1024) }] });
    const value = valuesOf(result.event.exception)[0]!.value as string;
    expect(value).toHaveLength(8191);
    expect(value.endsWith("😀...")).toBe(true);
  });

  it("cuts 10,000 frames to 250, keeping the crashing frame", () => {
    const result = normalize({ exception: [{ type: "E", stacktrace: { frames: frames(10_000) } }] });
    const kept = framesOf(result);
    expect(kept).toHaveLength(250);
    expect(kept[0]!.function).toBe("f0");
    expect(kept[249]!.function).toBe("f9999");
  });

  it("stores a 100,000-level-deep extra and unknown field as JSON without overflowing the stack", () => {
    const deep = JSON.parse(`${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`) as unknown;
    const result = normalize({ extra: { deep }, custom: deep });
    const json = JSON.stringify(result.event);
    expect(json.length).toBeLessThan(10_000);
    expect(depthOf((result.event.extra as Json).deep)).toBeLessThanOrEqual(6);
    expect(depthOf(result.event.custom)).toBe(31);
    expect(errorsOf(result)).toEqual([{ type: "invalid_data", name: `custom${".a".repeat(31)}`, value: "nested deeper than 32 levels" }]);
  });

  it("skips the depth walk only where it could not cut: every field at the deepest shallow payload stays within the limit", () => {
    const shallowest = maxEventDepth - depthAddedByNormalization;
    const nested = (levels: number): unknown => (levels <= 1 ? { leaf: "x" } : { a: nested(levels - 1) });
    const deepestOf = (value: unknown): number => (value !== null && typeof value === "object" ? 1 + Math.max(0, ...Object.values(value).map(deepestOf)) : 0);
    const shapes: ((deep: unknown) => Json)[] = [
      (deep) => ({ custom: deep }),
      (deep) => ({ extra: { deep } }),
      (deep) => ({ contexts: { order: deep } }),
      (deep) => ({ request: { url: "https://x.test/", headers: { a: "b" }, data: deep } }),
      (deep) => ({ user: { id: "1", data: deep } }),
      (deep) => ({ exception: [{ type: "E", value: "v", stacktrace: { frames: [{ function: "f", vars: deep }] } }] }),
      (deep) => ({ breadcrumbs: [{ message: "m", data: deep }] }),
      (deep) => ({ threads: [{ id: 1, stacktrace: { frames: [{ function: "f", vars: deep }] } }] }),
      (deep) => ({ sdk: { name: "x", integrations: [deep] } }),
    ];
    for (const shape of shapes) {
      // The deepest value of this shape whose payload is still shallow enough to skip the walk.
      let levels = 1;
      while (jsonNestingDepth(new TextEncoder().encode(JSON.stringify(shape(nested(levels + 1))))) <= shallowest) levels++;
      const raw = shape(nested(levels));
      const payloadDepth = jsonNestingDepth(new TextEncoder().encode(JSON.stringify(raw)));
      expect(payloadDepth).toBe(shallowest);
      const walked = normalize(JSON.parse(JSON.stringify(raw)) as Json);
      const skipped = normalize(JSON.parse(JSON.stringify(raw)) as Json, { payloadDepth });
      expect(skipped.event).toEqual({ ...walked.event, event_id: skipped.eventId });
      expect(deepestOf(skipped.event)).toBeLessThanOrEqual(maxEventDepth);
    }
  });

  it("still walks a payload one level deeper than that, and cuts what is too deep", () => {
    const raw = JSON.parse(`{"custom":${'{"a":'.repeat(40)}1${"}".repeat(40)}}`) as Json;
    const result = normalize(raw, { payloadDepth: 41 });
    expect(depthOf(result.event.custom)).toBe(31);
  });

  it("keeps the last 100 of 100,000 breadcrumbs", () => {
    const result = normalize({ breadcrumbs: Array.from({ length: 100_000 }, (_, index) => ({ message: `m${index}` })) });
    expect(crumbsOf(result)).toHaveLength(100);
    expect(crumbsOf(result)[99]!.message).toBe("m99999");
  });

  it("records at most 100 processing errors", () => {
    const result = normalize({ exception: [{ type: "E", stacktrace: { frames: frames(10_000, () => ({ lineno: "x" })) } }] });
    expect(framesOf(result)).toHaveLength(250);
    expect(errorsOf(result)).toHaveLength(100);
    expect(errorsOf(result)[0]).toEqual({ type: "invalid_data", name: "exception.values.0.stacktrace.frames.0.lineno", value: "x" });
  });

  it("does not let __proto__ keys reach any prototype", () => {
    const raw = JSON.parse('{"tags":{"__proto__":"x"},"extra":{"__proto__":{"polluted":true}},"contexts":{"__proto__":{"polluted":true}}}') as Json;
    const result = normalize(raw);
    expect(({} as Json).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result.event.extra)).toBe(Object.prototype);
    expect(Object.hasOwn(result.event.extra as Json, "__proto__")).toBe(true);
    expect(result.event.tags).toEqual([["__proto__", "x"]]);
  });

  it("leaves its input unchanged", () => {
    const raw: Json = {
      message: { message: "%s", params: ["a"] },
      tags: { environment: "e", server_name: "s" },
      server_name: "web",
      exception: [{ value: "TypeError: x", stacktrace: { frames: frames(300, () => ({ vars: { a: 1 } })) } }],
      breadcrumbs: [{ timestamp: "2026-01-15T10:00:00Z" }],
      user: { ip_address: "{{auto}}" },
    };
    const before = structuredClone(raw);
    normalize(raw, { clientIp: "10.0.0.1", sentAt: "2026-01-15T08:00:00Z" });
    expect(raw).toEqual(before);
  });
});

describe("normalizeEvent on envelopes captured from the real SDKs", () => {
  const load = (name: string) => {
    const envelope = parseEnvelope(new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/envelopes/${name}`, import.meta.url))));
    const item = envelope.items.find((candidate) => candidate.header.type === "event")!;
    const raw = JSON.parse(Buffer.from(item.payload).toString("utf8")) as Json;
    const sentAt = envelope.header.sent_at;
    const result = normalizeEvent(raw, { receivedAt: Date.parse(String(sentAt)) + 40, sentAt, headerEventId: envelope.header.event_id, clientIp: "198.51.100.4" });
    return { raw, result, header: envelope.header };
  };

  it("node-exception: chained exceptions, frames with context, server_name tag", () => {
    const { raw, result, header } = load("node-exception.envelope");
    expect(result).toMatchObject({
      eventId: header.event_id,
      type: "error",
      level: "error",
      platform: "node",
      title: "Error: Checkout failed",
      release: "lantern-fixtures@1.0.0",
      environment: "fixtures",
      userKey: null,
    });
    expect(result.timestampMs).toBe(Math.round((raw.timestamp as number) * 1000));
    expect(valuesOf(result.event.exception).map((exception) => exception.type)).toEqual(["TypeError", "Error"]);
    const rawFrames = (valuesOf(raw.exception)[1]!.stacktrace as { frames: Json[] }).frames;
    const kept = framesOf(result, 1);
    expect(kept).toHaveLength(rawFrames.length);
    const last = kept[kept.length - 1]!;
    expect(last).toMatchObject({ abs_path: rawFrames[rawFrames.length - 1]!.filename, filename: rawFrames[rawFrames.length - 1]!.filename, in_app: true, lineno: 77 });
    expect(last.context_line).toContain("Checkout failed");
    expect(last.pre_context).toEqual(rawFrames[rawFrames.length - 1]!.pre_context);
    expect(result.event.tags).toEqual([["server_name", "fixture-host"]]);
    expect(result.event.contexts).toMatchObject({ runtime: { name: "node", type: "runtime" } });
    expect(result.event.modules).toEqual(raw.modules);
    expect(result.event.sdk).toEqual(raw.sdk);
    expect(result.event).not.toHaveProperty("errors");
    expect(() => JSON.stringify(result.event)).not.toThrow();
  });

  it("node-message: warning level and the message as logentry", () => {
    const { result } = load("node-message.envelope");
    expect(result).toMatchObject({ type: "default", level: "warning", platform: "node", title: "Nightly export finished with warnings", release: "lantern-fixtures@1.0.0", environment: "fixtures" });
    expect(result.event.logentry).toEqual({ formatted: "Nightly export finished with warnings" });
    expect(result.event).not.toHaveProperty("errors");
  });

  it("browser-nextjs-unhandled-error: minified frames, breadcrumbs, browser user IP", () => {
    const { raw, result } = load("browser-nextjs-unhandled-error.envelope");
    expect(result).toMatchObject({
      type: "error",
      level: "error",
      platform: "javascript",
      title: "Error: Lantern diagnostics: unhandled browser error",
      release: raw.release,
      environment: "production",
      userKey: "ip:198.51.100.4",
    });
    const rawFrames = (valuesOf(raw.exception)[0]!.stacktrace as { frames: Json[] }).frames;
    expect(framesOf(result).map((frame) => [frame.abs_path, frame.filename, frame.lineno, frame.colno])).toEqual(
      rawFrames.map((frame) => [frame.filename, frame.filename, frame.lineno, frame.colno]),
    );
    const rawCrumbs = raw.breadcrumbs as Json[];
    expect(crumbsOf(result).map((crumb) => [crumb.timestamp, crumb.category, crumb.type])).toEqual(
      rawCrumbs.map((crumb) => [crumb.timestamp, crumb.category, crumb.type ?? "default"]),
    );
    expect(result.event.tags).toEqual([["turbopack", "true"]]);
    expect(result.event.request).toMatchObject({ url: "http://127.0.0.1:3100/settings/diagnostics", headers: [["User-Agent", expect.stringContaining("HeadlessChrome")]] });
    expect(result.event.transaction).toBe("/settings/diagnostics");
  });
});
