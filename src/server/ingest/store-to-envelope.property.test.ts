import { deflateSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { parseEnvelope } from "./parse-envelope";
import { storeBodyToEnvelope } from "./store-to-envelope";
import { eventJsonText, hostileOrStressJsonText } from "../../../tests/support/envelope-mutations.mjs";
import { runDigestSteps } from "../../../tests/support/run-digest-steps";
import { envelopeFixtures, preview, propertyRuns, valueOrAppError } from "../../../tests/support/value-or-app-error";

/**
 * Property: the legacy /store/ conversion turns any body into an envelope that parses, carrying the event
 * byte for byte, or throws AppError — within the hang bound; what it produces digests like any envelope.
 */
const encoder = new TextEncoder();
const eventTexts = envelopeFixtures()
  .filter(({ name }) => name === "node-exception.envelope" || name === "node-message.envelope" || name === "browser-nextjs-unhandled-error.envelope")
  .map(({ bytes }) => new TextDecoder().decode(parseEnvelope(bytes).items[0]!.payload));

/** The body as old clients send it: JSON, or base64 of deflated JSON — sometimes damaged on the way. */
const storeBody = fc.oneof(
  eventJsonText(eventTexts).map((text) => encoder.encode(text)),
  hostileOrStressJsonText.map((text) => encoder.encode(text)),
  fc.tuple(eventJsonText(eventTexts), fc.constantFrom("", " \n", "=="), fc.option(fc.tuple(fc.nat(), fc.constantFrom("!", "A", "=", "\u00e9", "\n")), { freq: 2 })).map(([text, padding, damage]) => {
    let base64 = deflateSync(encoder.encode(text)).toString("base64") + padding;
    if (damage) base64 = base64.slice(0, damage[0] % (base64.length + 1)) + damage[1] + base64.slice(damage[0] % (base64.length + 1));
    return encoder.encode(base64);
  }),
  fc.uint8Array({ maxLength: 2_048 }),
);

function convertChecked(body: Uint8Array, maxEventBytes: number): void {
  const envelope = parseEnvelope(storeBodyToEnvelope(body, maxEventBytes));
  expect(envelope.items).toHaveLength(1);
  expect(envelope.items[0]!.header.type).toBe("event");
  runDigestSteps(JSON.parse(new TextDecoder().decode(envelope.items[0]!.payload)));
}

describe("storeBodyToEnvelope on hostile bodies", () => {
  it("gives an envelope that parses and digests, or an AppError, for any body and event limit", () => {
    fc.assert(
      fc.property(storeBody, fc.oneof(fc.constant(1024 * 1024), fc.integer({ min: 0, max: 20_000 })), (body, maxEventBytes) => void valueOrAppError(() => convertChecked(body, maxEventBytes), () => `limit ${maxEventBytes}, ${preview(body)}`)),
      propertyRuns(500),
    );
  });

  it("keeps a real event byte for byte, plain or deflated and base64-encoded", () => {
    for (const text of eventTexts) {
      const json = encoder.encode(text);
      for (const body of [json, encoder.encode(deflateSync(json).toString("base64"))]) {
        const outcome = valueOrAppError(() => parseEnvelope(storeBodyToEnvelope(body, 1024 * 1024)), () => preview(body));
        if (outcome instanceof AppError) throw outcome;
        expect(Buffer.from(outcome.items[0]!.payload).equals(Buffer.from(json))).toBe(true);
      }
    }
  });
});
