import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { parseEnvelope, type ParsedEnvelope } from "./parse-envelope";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/envelopes/${name}`, import.meta.url)));
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (payload: Uint8Array) => Buffer.from(payload).toString("utf8");
const json = (payload: Uint8Array) => JSON.parse(text(payload)) as Record<string, unknown>;

function parseError(body: Uint8Array): AppError {
  try {
    parseEnvelope(body);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("parseEnvelope accepted a malformed envelope");
}

describe("parseEnvelope on envelopes captured from @sentry/node", () => {
  it("reads an exception event with its chained cause", () => {
    const envelope = parseEnvelope(fixture("node-exception.envelope"));
    expect(envelope.header.sdk).toEqual({ name: "sentry.javascript.node", version: "10.78.0" });
    expect(envelope.header.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(envelope.items.map((item) => item.header)).toEqual([{ type: "event" }]);
    const event = json(envelope.items[0]!.payload) as { exception: { values: { type: string; value: string }[] } };
    expect(event.exception.values.map((value) => `${value.type}: ${value.value}`)).toEqual([
      "TypeError: Cannot read properties of undefined (reading 'price')",
      "Error: Checkout failed",
    ]);
  });

  it("reads a message event", () => {
    const envelope = parseEnvelope(fixture("node-message.envelope"));
    expect(envelope.items).toHaveLength(1);
    expect(json(envelope.items[0]!.payload)).toMatchObject({ message: "Nightly export finished with warnings", level: "warning" });
  });

  it("reads the large event, whose gzipped request body gunzips to the stored envelope", () => {
    const body = fixture("node-large-exception.envelope");
    expect(gunzipSync(fixture("node-large-exception.envelope.gz")).equals(Buffer.from(body))).toBe(true);
    const envelope = parseEnvelope(body);
    expect(body.length).toBeGreaterThan(32 * 1024);
    expect(json(envelope.items[0]!.payload)).toMatchObject({ exception: { values: [{ type: "RangeError", value: "Report too large to render" }] } });
  });

  it("reads a client report, whose envelope header is empty", () => {
    const envelope = parseEnvelope(fixture("node-client-report.envelope"));
    expect(envelope.header).toEqual({});
    expect(envelope.items.map((item) => item.header.type)).toEqual(["client_report"]);
    expect(json(envelope.items[0]!.payload)).toMatchObject({ discarded_events: [{ reason: "before_send", category: "error", quantity: 1 }] });
  });

  it("reads a session update", () => {
    const envelope = parseEnvelope(fixture("node-session.envelope"));
    expect(envelope.items.map((item) => item.header.type)).toEqual(["session"]);
    expect(json(envelope.items[0]!.payload)).toMatchObject({ status: "exited", attrs: { release: "lantern-fixtures@1.0.0" } });
  });
});

describe("parseEnvelope on hand-written envelopes", () => {
  it("keeps a binary attachment byte for byte, newlines included, and reads the item after it", () => {
    const envelope = parseEnvelope(fixture("binary-attachment.envelope"));
    expect(envelope.items.map((item) => item.header.type)).toEqual(["attachment", "event"]);
    expect(Array.from(envelope.items[0]!.payload)).toEqual(Array.from({ length: 256 }, (_, index) => index));
    expect(envelope.items[0]!.header).toMatchObject({ filename: "bytes.bin", length: 256 });
    expect(json(envelope.items[1]!.payload)).toEqual({ event_id: "9ec79c33ec9942ab8353589fcb2e04dc", level: "info" });
  });

  it("accepts an envelope with a header and zero items", () => {
    const envelope = parseEnvelope(fixture("empty.envelope"));
    expect(envelope.header.event_id).toBe("9ec79c33ec9942ab8353589fcb2e04dc");
    expect(envelope.items).toEqual([]);
  });

  it("refuses an item that declares more bytes than the envelope has, saying how many", () => {
    const error = parseError(fixture("hostile-truncated-length.envelope"));
    expect(error.code).toBe("bad_request");
    expect(error.message).toBe("invalid envelope: item 1 declares 64 bytes but only 20 remain");
  });

  it("refuses an envelope header that is not valid UTF-8", () => {
    const error = parseError(fixture("hostile-invalid-utf8-header.envelope"));
    expect(error.code).toBe("bad_request");
    expect(error.message).toContain("envelope header is not valid UTF-8 JSON");
  });

  it("refuses a body that is not JSON", () => {
    const error = parseError(fixture("hostile-not-json.envelope"));
    expect(error.code).toBe("bad_request");
    expect(error.message).toContain("envelope header is not valid UTF-8 JSON");
  });
});

describe("parseEnvelope grammar", () => {
  const header = '{"event_id":"9ec79c33ec9942ab8353589fcb2e04dc"}';
  const typesAndPayloads = (envelope: ParsedEnvelope) => envelope.items.map((item) => [item.header.type, text(item.payload)]);

  it("reads items without length up to the next newline, with or without a trailing newline", () => {
    const body = `${header}\n{"type":"event"}\n{"message":"a"}\n{"type":"session"}\n{"sid":"b"}`;
    const expected = [
      ["event", '{"message":"a"}'],
      ["session", '{"sid":"b"}'],
    ];
    expect(typesAndPayloads(parseEnvelope(bytes(body)))).toEqual(expected);
    expect(typesAndPayloads(parseEnvelope(bytes(`${body}\n`)))).toEqual(expected);
  });

  it("reads items with length exactly, with or without a trailing newline", () => {
    const body = `${header}\n{"type":"event","length":15}\n{"message":"a"}\n{"type":"attachment","length":3}\nxyz`;
    const expected = [
      ["event", '{"message":"a"}'],
      ["attachment", "xyz"],
    ];
    expect(typesAndPayloads(parseEnvelope(bytes(body)))).toEqual(expected);
    expect(typesAndPayloads(parseEnvelope(bytes(`${body}\n`)))).toEqual(expected);
  });

  it("takes a payload of the declared length even when it contains newlines", () => {
    const envelope = parseEnvelope(bytes(`${header}\n{"type":"attachment","length":6}\na\nb\n\nc\n{"type":"event"}\n{}`));
    expect(typesAndPayloads(envelope)).toEqual([
      ["attachment", "a\nb\n\nc"],
      ["event", "{}"],
    ]);
  });

  it("accepts length 0 as an empty payload", () => {
    const envelope = parseEnvelope(bytes(`${header}\n{"type":"attachment","length":0,"filename":"empty.txt"}\n\n{"type":"event"}\n{}`));
    expect(typesAndPayloads(envelope)).toEqual([
      ["attachment", ""],
      ["event", "{}"],
    ]);
  });

  it("accepts CRLF line endings, keeping the CR in a payload without length as the grammar says", () => {
    const envelope = parseEnvelope(bytes(`${header}\r\n{"type":"event"}\r\n{"message":"a"}\r\n{"type":"attachment","length":2}\r\nab\n`));
    expect(envelope.header.event_id).toBe("9ec79c33ec9942ab8353589fcb2e04dc");
    expect(typesAndPayloads(envelope)).toEqual([
      ["event", '{"message":"a"}\r'],
      ["attachment", "ab"],
    ]);
  });

  it("skips empty lines between items", () => {
    const envelope = parseEnvelope(bytes(`${header}\n\n{"type":"event"}\n{}\n\n\r\n{"type":"session"}\n{}\n\n`));
    expect(envelope.items.map((item) => item.header.type)).toEqual(["event", "session"]);
  });

  it("accepts a header-only envelope with no newline at all", () => {
    expect(parseEnvelope(bytes("{}"))).toEqual({ header: {}, items: [] });
  });

  it("keeps items of unknown types", () => {
    const envelope = parseEnvelope(bytes(`${header}\n{"type":"quantum_flux","length":2}\nhi\n{"type":"event"}\n{}`));
    expect(typesAndPayloads(envelope)).toEqual([
      ["quantum_flux", "hi"],
      ["event", "{}"],
    ]);
  });

  it("gives a last item without payload an empty one", () => {
    expect(typesAndPayloads(parseEnvelope(bytes(`${header}\n{"type":"event"}`)))).toEqual([["event", ""]]);
  });
});

describe("parseEnvelope refuses malformed envelopes with bad_request naming the problem", () => {
  const cases: [string, string, RegExp][] = [
    ["an empty body", "", /envelope header is not valid UTF-8 JSON/],
    ["a header that is a JSON array", '[1,2]\n{"type":"event"}\n{}', /envelope header is not a JSON object/],
    ["a header that is JSON null", "null", /envelope header is not a JSON object/],
    ["an item header that is not JSON", '{}\n{"type":"event"\n{}', /item 1 header is not valid UTF-8 JSON/],
    ["an item header that is a string", '{}\n"event"\n{}', /item 1 header is not a JSON object/],
    ["an item header without type", '{}\n{"length":2}\nhi', /item 1 header has no "type"/],
    ["an item header with an empty type", '{}\n{"type":""}\n{}', /item 1 header has no "type"/],
    ["an item header whose type is not a string", '{}\n{"type":7}\n{}', /item 1 header has no "type"/],
    ["a negative length", '{}\n{"type":"attachment","length":-1}\n', /item 1 has a "length" that is not a non-negative integer/],
    ["a fractional length", '{}\n{"type":"attachment","length":1.5}\nab', /item 1 has a "length" that is not a non-negative integer/],
    ["a length given as a string", '{}\n{"type":"attachment","length":"2"}\nab', /item 1 has a "length" that is not a non-negative integer/],
    ["a payload longer than its length", '{}\n{"type":"attachment","length":2}\nabc\n', /item 1 payload is not followed by a newline/],
    ["a second item declaring too many bytes", '{}\n{"type":"event"}\n{}\n{"type":"attachment","length":10}\nabc', /item 2 declares 10 bytes but only 3 remain/],
    // Found by the fuzz: digest writes the header back out, and JSON.stringify overflowed the stack on it.
    ["a header nested 10,000 levels deep", `${'{"values":'.repeat(10_000)}1${"}".repeat(10_000)}`, /envelope header is nested deeper than 16 levels/],
    ["an item header nested 17 levels deep", `{}\n{"type":"event","x":${"[".repeat(16)}${"]".repeat(16)}}\n{}`, /item 1 header is nested deeper than 16 levels/],
  ];

  it.each(cases)("%s", (_, body, message) => {
    const error = parseError(bytes(body));
    expect(error.code).toBe("bad_request");
    expect(error.message).toMatch(message);
  });
});
