import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseEnvelope } from "../ingest/parse-envelope";
import { AppError } from "../errors";
import { normalizeEvent, type NormalizedEvent } from "./normalize-event";
import { defaultScrubSettings, scrubEvent } from "./scrub-event";
import { eventJsonText, hostileOrStressJsonText } from "../../../tests/support/envelope-mutations.mjs";
import { envelopeFixtures, preview, propertyRuns, valueOrAppError } from "../../../tests/support/value-or-app-error";

/**
 * Property: normalization (after scrubbing, as digest runs them) of any JSON returns a value or throws
 * AppError within the hang bound, and what it returns is storable: an id, a finite time, a title, JSON
 * that serializes.
 */
const levels = new Set(["debug", "info", "warning", "error", "fatal"]);
const eventTexts = envelopeFixtures()
  .filter(({ name }) => !name.startsWith("hostile-"))
  .flatMap(({ bytes }) => parseEnvelope(bytes).items.filter((item) => item.header.type === "event" || item.header.type === "transaction"))
  .map((item) => new TextDecoder().decode(item.payload));

function normalizeChecked(raw: unknown): NormalizedEvent {
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) scrubEvent(raw as Record<string, unknown>, defaultScrubSettings);
  const normalized = normalizeEvent(raw, { receivedAt: 1_795_363_590_563, sentAt: "2026-11-22T16:06:29.924Z", headerEventId: null, clientIp: "203.0.113.9" });
  expect(normalized.eventId).toMatch(/^[0-9a-f]{32}$/);
  expect(Number.isFinite(normalized.timestampMs)).toBe(true);
  expect(levels.has(normalized.level)).toBe(true);
  expect(normalized.title.length).toBeGreaterThan(0);
  expect(typeof JSON.stringify(normalized.event)).toBe("string");
  return normalized;
}

describe("normalizeEvent on hostile input", () => {
  it("answers event-shaped JSON (real events and a rich template with subtrees replaced, hostile keys, huge and deep values) with a value", () => {
    expect(eventTexts.length).toBeGreaterThanOrEqual(4);
    fc.assert(
      fc.property(eventJsonText(eventTexts), (text) => {
        const raw: unknown = JSON.parse(text);
        const outcome = valueOrAppError(() => normalizeChecked(raw), () => preview(text));
        // Only a payload that is not an object is refused (a mutation may replace the whole event).
        expect(outcome instanceof AppError).toBe(raw === null || typeof raw !== "object" || Array.isArray(raw));
      }),
      propertyRuns(600),
    );
  });

  it("answers any JSON value, and any JavaScript value, with a value or an AppError", () => {
    fc.assert(fc.property(hostileOrStressJsonText, (text) => void valueOrAppError(() => normalizeChecked(JSON.parse(text)), () => preview(text))), propertyRuns(300));
    fc.assert(fc.property(fc.jsonValue(), (value) => void valueOrAppError(() => normalizeChecked(value), () => JSON.stringify(value).slice(0, 300))), propertyRuns(300));
    fc.assert(fc.property(fc.anything({ withNullPrototype: true, withSparseArray: true }), (value) => void valueOrAppError(() => normalizeEvent(value, { receivedAt: Date.now() }), () => fc.stringify(value).slice(0, 300))), propertyRuns(300));
  });

  it("refuses what is not an object with an AppError, not another exception", () => {
    for (const value of [null, [], "event", 42, true]) expect(valueOrAppError(() => normalizeEvent(value, { receivedAt: Date.now() }), () => String(value))).toBeInstanceOf(AppError);
  });
});
