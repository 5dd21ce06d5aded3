import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { defaultScrubSettings, textScrubbingFor } from "../digest/scrub-event";
import { parseEnvelope } from "./parse-envelope";
import { summarizeEnvelopeItems } from "./inspect-envelope";

function fixture(name: string) {
  return parseEnvelope(new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/envelopes/${name}`, import.meta.url))));
}

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe("summarizeEnvelopeItems (digest's summary of an envelope it rewrote)", () => {
  const scrubbing = textScrubbingFor(defaultScrubSettings);

  it("words a session update or client report that has no event, as ingest does", () => {
    expect(summarizeEnvelopeItems(fixture("node-session.envelope").items, scrubbing)).toBe("Session update: ended (1 error)");
    expect(summarizeEnvelopeItems(fixture("node-client-report.envelope").items, scrubbing)).toBe("Client report: 1 event dropped by the SDK, reason: beforeSend");
  });

  it("prefers an event's summary to the words of an item before it, and filters a secret out of the words", () => {
    const items = [
      { header: { type: "client_report" }, payload: encode({ discarded_events: [{ reason: "password=hunter2", category: "error", quantity: 1 }] }) },
      ...fixture("node-exception.envelope").items,
    ];
    expect(summarizeEnvelopeItems(items, scrubbing)).toMatch(/^Error: Checkout failed/);
    expect(summarizeEnvelopeItems(items.slice(0, 1), scrubbing)).not.toContain("hunter2");
  });
});
