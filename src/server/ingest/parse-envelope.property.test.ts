import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { digestEnvelope, emptyDigestRows } from "../digest/digest-envelope";
import { defaultScrubSettings } from "../digest/scrub-event";
import { emptyGroupingConfig } from "../grouping/compute-grouping";
import { AppError } from "../errors";
import { extractAuth } from "./extract-auth";
import { inspectEnvelope } from "./inspect-envelope";
import { parseEnvelope, type ParsedEnvelope } from "./parse-envelope";
import { hostileOrStressJsonText, mutatedEnvelope } from "../../../tests/support/envelope-mutations.mjs";
import { runDigestSteps } from "../../../tests/support/run-digest-steps";
import { envelopeFixtures, preview, propertyRuns, valueOrAppError } from "../../../tests/support/value-or-app-error";

/**
 * Property: for any bytes, the envelope parser and the checks ingest runs before the 200 (item limits, JSON
 * items, auth) return a value or throw AppError, within the hang bound — and what they accept goes through
 * digest's pure steps (scrub, normalize, group) the same way.
 */
const limits = loadConfig({}).ingest;
const utf8 = new TextDecoder();
const eventLikeTypes = new Set(["event", "transaction", "feedback"]);

/** What ingest checks before the 200. */
function ingest(bytes: Uint8Array): ParsedEnvelope {
  const envelope = parseEnvelope(bytes);
  inspectEnvelope(envelope, limits);
  // Query auth as the Node SDK sends it, unless the envelope carries a DSN (the browser fixtures, a tunnel).
  const query = envelope.header.dsn === undefined ? "?sentry_key=0123456789abcdef0123456789abcdef" : "";
  extractAuth(new URL(`http://lantern.test/api/1/envelope/${query}`), new Headers(), envelope.header.dsn);
  return envelope;
}

/** Then digest, item by item (each within the bound: an envelope of many events is not a hang). */
function ingestAndDigest(bytes: Uint8Array, describeInput: () => string): void {
  const envelope = valueOrAppError(() => ingest(bytes), describeInput);
  if (envelope instanceof AppError) return;
  // inspectEnvelope has checked that these are JSON objects; digest parses them again. Repeated items are
  // the same work again: the first 20 say as much.
  for (const item of envelope.items.filter(({ header }) => eventLikeTypes.has(header.type)).slice(0, 20)) {
    valueOrAppError(() => runDigestSteps(JSON.parse(utf8.decode(item.payload))), () => `the ${item.header.type} item ${preview(item.payload)} of ${describeInput()}`);
  }
  // And digest itself, which records a bad item as a problem and goes on with the others. An envelope of
  // hundreds of events is hundreds of events' work, checked item by item above rather than against one bound.
  if (envelope.items.length > 50) return;
  const intakeRow = { id: 1, project_id: 1, received_at: Date.now(), client_ip: "203.0.113.9", body: bytes };
  valueOrAppError(() => digestEnvelope(intakeRow, emptyDigestRows(), () => ({ grouping: emptyGroupingConfig, scrubbing: defaultScrubSettings, slowDbQueryUs: 500_000 })), () => `digestEnvelope of ${describeInput()}`);
}

describe("parseEnvelope with inspectEnvelope, extractAuth and digest's pure steps", () => {
  it("answers arbitrary bytes with a value or an AppError", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 4_096 }), (bytes) => ingestAndDigest(bytes, () => preview(bytes))), propertyRuns(1_000));
  });

  it("answers lines of hostile JSON (headers and items of any shape) with a value or an AppError", () => {
    const lines = fc.array(hostileOrStressJsonText, { minLength: 1, maxLength: 6 }).map((parts) => new TextEncoder().encode(parts.join("\n")));
    fc.assert(fc.property(lines, (bytes) => ingestAndDigest(bytes, () => preview(bytes))), propertyRuns(300));
  });

  it.each(envelopeFixtures().map((fixture) => [fixture.name, fixture] as const))("answers every mutation of %s with a value or an AppError", (_, fixture) => {
    fc.assert(
      fc.property(mutatedEnvelope([fixture]), ({ kind, bytes }) => ingestAndDigest(bytes, () => `${kind} of ${fixture.name}, ${preview(bytes)}`)),
      propertyRuns(100),
    );
  });

  it("accepts the SDK fixtures unmutated, so the mutations start from envelopes that pass", () => {
    for (const fixture of envelopeFixtures().filter(({ name }) => !name.startsWith("hostile-"))) {
      const envelope = valueOrAppError(() => ingest(fixture.bytes), () => fixture.name);
      expect(envelope, fixture.name).not.toBeInstanceOf(AppError);
      ingestAndDigest(fixture.bytes, () => fixture.name);
    }
  });
});
