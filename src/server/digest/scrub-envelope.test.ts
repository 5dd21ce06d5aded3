import { describe, expect, it } from "vitest";
import { buildEnvelope } from "../../../tests/support/sdk-helpers";
import { parseEnvelope } from "../ingest/parse-envelope";
import { scrubEnvelopeBody } from "./scrub-envelope";
import { defaultScrubSettings } from "./scrub-event";

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

describe("scrubEnvelopeBody", () => {
  it("filters the secrets of the header's trace context and of JSON items, and keeps attachments as they are", () => {
    const body = buildEnvelope({ event_id: "a".repeat(32), trace: { trace_id: "b".repeat(32), transaction: "/search/color=red?token=SECRET1" } }, [
      { header: { type: "event" }, payload: JSON.stringify({ message: "card 4111 1111 1111 1111", extra: { password: "SECRET2" } }) },
      { header: { type: "attachment", filename: "notes.txt" }, payload: new TextEncoder().encode("password=kept-as-sent") },
    ]);
    const scrubbed = parseEnvelope(scrubEnvelopeBody(body, defaultScrubSettings));
    expect(scrubbed.header).toEqual({ event_id: "a".repeat(32), trace: { trace_id: "b".repeat(32), transaction: "/search/color=red?token=[Filtered]" } });
    expect(JSON.parse(text(scrubbed.items[0]!.payload))).toEqual({ message: "card [Filtered]", extra: { password: "[Filtered]" } });
    expect(text(scrubbed.items[1]!.payload)).toBe("password=kept-as-sent");
  });

  it("answers the same bytes when nothing is secret, when scrubbing is off, and when the envelope does not parse", () => {
    const clean = buildEnvelope({ event_id: "a".repeat(32) }, [{ header: { type: "event" }, payload: JSON.stringify({ message: "boom" }) }]);
    expect(scrubEnvelopeBody(clean, defaultScrubSettings)).toBe(clean);
    const secret = buildEnvelope({}, [{ header: { type: "event" }, payload: JSON.stringify({ extra: { password: "x" } }) }]);
    expect(scrubEnvelopeBody(secret, { ...defaultScrubSettings, isEnabled: false })).toBe(secret);
    const broken = new TextEncoder().encode("{not json\n");
    expect(scrubEnvelopeBody(broken, defaultScrubSettings)).toBe(broken);
  });
});
