import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { normalizeEvent } from "../../digest/normalize-event";
import { parseEnvelope } from "../../ingest/parse-envelope";
import { ApiEvent, ApiEventSummary } from "../schemas";
import { serializeEvent, serializeEventSummary, userFromKey, type SerializableEvent } from "./serialize-event";

/** The event of a real captured envelope, normalized as digest stores it. */
function storedEvent(fixture: string, patch: (event: Record<string, unknown>) => void = () => {}): SerializableEvent {
  const envelope = parseEnvelope(new Uint8Array(readFileSync(new URL(`../../../../tests/fixtures/envelopes/${fixture}`, import.meta.url))));
  const item = envelope.items.find((candidate) => candidate.header.type === "event")!;
  const raw = JSON.parse(new TextDecoder().decode(item.payload)) as Record<string, unknown>;
  patch(raw);
  const normalized = normalizeEvent(raw, { receivedAt: 1_767_225_600_000 });
  return {
    eventId: normalized.eventId,
    projectId: 3,
    issueId: 42,
    timestamp: normalized.timestampMs,
    receivedAt: 1_767_225_600_000,
    title: normalized.title,
    type: normalized.type,
    level: normalized.level,
    platform: normalized.platform,
    release: normalized.release,
    environment: normalized.environment,
    userKey: normalized.userKey,
    groupHash: "0123456789abcdef0123456789abcdef",
    size: 1234,
    payload: normalized.event,
    olderEventId: null,
    newerEventId: "f".repeat(32),
  };
}

describe("serializeEvent", () => {
  it("turns a real Node exception into Sentry's event: exception entry with camelCase frames and numbered context lines", () => {
    const event = storedEvent("node-exception.envelope");
    const serialized = serializeEvent(event);
    expect(ApiEvent.parse(serialized)).toEqual(serialized);
    expect(serialized).toMatchObject({ id: event.eventId, eventID: event.eventId, groupID: "42", projectID: "3", title: event.title, type: "error", platform: "node", previousEventID: null, nextEventID: "f".repeat(32), fingerprints: [event.groupHash] });
    expect(serialized.dateReceived).toBe("2026-01-01T00:00:00.000Z");
    const exception = serialized.entries.find((entry) => entry.type === "exception")!.data as { values: { type: string; value: string; stacktrace: { frames: Record<string, unknown>[] } }[] };
    expect(serialized.entries.map((entry) => entry.type)).toEqual(["exception"]);
    expect(`${exception.values.at(-1)!.type}: ${exception.values.at(-1)!.value}`).toBe(event.title);
    const crashing = exception.values.at(-1)!.stacktrace.frames.at(-1)!;
    const stored = ((event.payload.exception as { values: { stacktrace: { frames: Record<string, unknown>[] } }[] }).values.at(-1)!.stacktrace.frames.at(-1))!;
    expect(crashing).toMatchObject({ filename: stored.filename, absPath: stored.abs_path ?? null, lineNo: stored.lineno, colNo: stored.colno, inApp: true, function: stored.function });
    const context = crashing.context as [number, string][];
    expect(context.find(([line]) => line === stored.lineno)).toEqual([stored.lineno, stored.context_line]);
    expect(context.map(([line]) => line)).toEqual(Array.from({ length: context.length }, (_, index) => context[0]![0] + index));
    expect(serialized.tags).toEqual(expect.arrayContaining([{ key: "level", value: "error" }, { key: "environment", value: event.environment }, { key: "release", value: event.release }]));
    expect(serialized.release).toEqual({ version: event.release, shortVersion: event.release });
    expect(serialized.metadata).toEqual({ type: exception.values.at(-1)!.type, value: exception.values.at(-1)!.value });
  });

  it("gives breadcrumbs ISO times and the request its pairs, in Sentry's entry order", () => {
    const event = storedEvent("browser-nextjs-unhandled-error.envelope", (raw) => {
      raw.request = { ...(raw.request as object), method: "POST", query_string: "step=pay&coupon=a%20b", cookies: "session=abc; theme=dark" };
      raw.user = { id: 7, email: "ann@example.com" };
    });
    const serialized = serializeEvent(event);
    expect(ApiEvent.parse(serialized)).toEqual(serialized);
    expect(serialized.entries.map((entry) => entry.type)).toEqual(["exception", "breadcrumbs", "request"]);
    const crumbs = serialized.entries[1]!.data.values as { timestamp: string | null; category: string | null }[];
    expect(crumbs).toHaveLength(3);
    for (const crumb of crumbs) expect(crumb.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(serialized.entries[2]!.data).toMatchObject({
      url: "http://127.0.0.1:3100/settings/diagnostics",
      method: "POST",
      query: [
        ["step", "pay"],
        ["coupon", "a b"],
      ],
      cookies: [
        ["session", "abc"],
        ["theme", "dark"],
      ],
    });
    expect(serialized.user).toEqual({ id: "7", email: "ann@example.com", username: null, ip_address: null, name: null, data: null });
    expect(serialized.location).toBe(event.payload.transaction);
  });

  it("puts a message event's text in a message entry and its metadata title", () => {
    const event = storedEvent("node-message.envelope", (raw) => (raw.message = "Nightly export timed out"));
    const serialized = serializeEvent(event);
    expect(serialized.message).toBe("Nightly export timed out");
    expect(serialized.entries[0]).toMatchObject({ type: "message", data: { formatted: "Nightly export timed out" } });
    expect(serialized.metadata).toEqual({ title: "Nightly export timed out" });
  });
});

describe("serializeEventSummary", () => {
  it("is Sentry's short event from the stored columns, with the derived tags and the user key as a user", () => {
    const summary = serializeEventSummary({ eventId: "a".repeat(32), projectId: 3, issueId: 42, timestamp: Date.UTC(2026, 0, 2), title: "Error: boom", level: "error", release: "shop@1.0", environment: "production", userKey: "email:ann@example.com", platform: "node", type: "error" });
    expect(ApiEventSummary.parse(summary)).toEqual(summary);
    expect(summary).toMatchObject({ eventID: "a".repeat(32), groupID: "42", dateCreated: "2026-01-02T00:00:00.000Z", "event.type": "error" });
    expect(summary.tags).toEqual([
      { key: "level", value: "error" },
      { key: "environment", value: "production" },
      { key: "release", value: "shop@1.0" },
      { key: "user", value: "email:ann@example.com" },
    ]);
    expect(summary.user?.email).toBe("ann@example.com");
    expect(userFromKey("ip:10.0.0.7")?.ip_address).toBe("10.0.0.7");
    expect(userFromKey("id:42")?.id).toBe("42");
    expect(userFromKey(null)).toBeNull();
  });
});
