import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { parseEnvelope } from "./parse-envelope";
import { maxReportsPerRequest, securityReportToEnvelopes } from "./security-report-to-envelopes";

const context = { release: "shop@2.0.0", environment: "production", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" };
const limit = 1024 * 1024;
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** The one event of each envelope, parsed. */
function eventsOf(envelopes: Uint8Array[]): Record<string, unknown>[] {
  return envelopes.map((bytes) => {
    const envelope = parseEnvelope(bytes);
    expect(envelope.items).toHaveLength(1);
    expect(envelope.items[0]!.header.type).toBe("event");
    const event = JSON.parse(new TextDecoder().decode(envelope.items[0]!.payload)) as Record<string, unknown>;
    expect(envelope.header.event_id).toBe(event.event_id);
    return event;
  });
}

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

// As Chromium sends it to a report-uri (application/csp-report).
const reportUriBody = {
  "csp-report": {
    "document-uri": "https://shop.example/checkout?step=2",
    referrer: "https://shop.example/cart",
    "violated-directive": "img-src 'self'",
    "effective-directive": "img-src",
    "original-policy": "default-src 'self'; img-src 'self'; report-uri /api/1/security/",
    disposition: "enforce",
    "blocked-uri": "https://tracker.example/pixel.png?uid=1",
    "status-code": 200,
    "script-sample": "",
  },
};

describe("securityReportToEnvelopes", () => {
  it("turns a report-uri CSP report into one event that reads like Sentry's", () => {
    const [event] = eventsOf(securityReportToEnvelopes(encode(reportUriBody), context, limit));
    expect(event).toMatchObject({
      logger: "csp",
      level: "error",
      logentry: { formatted: "Blocked 'image' from 'tracker.example'" },
      culprit: "img-src 'self'",
      release: "shop@2.0.0",
      environment: "production",
      tags: { "effective-directive": "img-src", "blocked-uri": "https://tracker.example/pixel.png?uid=1" },
      request: { url: "https://shop.example/checkout?step=2", headers: [["User-Agent", context.userAgent], ["Referer", "https://shop.example/cart"]] },
      csp: { document_uri: "https://shop.example/checkout?step=2", effective_directive: "img-src", blocked_uri: "https://tracker.example/pixel.png?uid=1", status_code: 200, disposition: "enforce" },
      fingerprint: ["csp", "img-src", "tracker.example"],
    });
    expect(event!.event_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("reads the Reporting API's list, one event per CSP violation, and skips its other reports", () => {
    const body = [
      { type: "csp-violation", url: "https://shop.example/", body: { documentURL: "https://shop.example/", blockedURL: "inline", effectiveDirective: "script-src-elem", originalPolicy: "script-src 'self'", disposition: "enforce", sample: "alert(1)", lineNumber: 12, columnNumber: 3, sourceFile: "https://shop.example/" } },
      { type: "deprecation", url: "https://shop.example/", body: { id: "x", message: "old API" } },
      { type: "csp-violation", url: "https://shop.example/", body: { documentURL: "https://shop.example/", blockedURL: "eval", effectiveDirective: "script-src", originalPolicy: "script-src 'self'", disposition: "report" } },
    ];
    const events = eventsOf(securityReportToEnvelopes(encode(body), context, limit));
    expect(events.map((event) => (event.logentry as { formatted: string }).formatted)).toEqual(["Blocked unsafe inline 'script'", "Blocked unsafe eval() 'script'"]);
    expect(events[0]!.csp).toMatchObject({ script_sample: "alert(1)", line_number: 12, column_number: 3, source_file: "https://shop.example/" });
    expect(events[1]!.fingerprint).toEqual(["csp", "script-src", "eval"]);
    expect(new Set(events.map((event) => event.event_id)).size).toBe(2);
  });

  it("takes the effective directive from the violated one when an older browser leaves it out", () => {
    const body = { "csp-report": { "document-uri": "https://shop.example/", "violated-directive": "font-src https://fonts.example", "blocked-uri": "https://other.example/a.woff2" } };
    const [event] = eventsOf(securityReportToEnvelopes(encode(body), { release: null, environment: null, userAgent: null }, limit));
    expect(event).toMatchObject({ logentry: { formatted: "Blocked 'font' from 'other.example'" }, tags: { "effective-directive": "font-src" } });
    expect(event).not.toHaveProperty("release");
  });

  it("keeps only the known fields of the right types: a report's strings never become markup or other fields", () => {
    const body = { "csp-report": { "document-uri": "https://shop.example/", "effective-directive": "img-src", "blocked-uri": "<script>alert(1)</script>", "line-number": "12", ["__proto__"]: { polluted: true }, constructor: "x", toString: "y", "status-code": "200" } };
    const [event] = eventsOf(securityReportToEnvelopes(encode(body), context, limit));
    expect(event!.csp).toEqual({ document_uri: "https://shop.example/", effective_directive: "img-src", blocked_uri: "<script>alert(1)</script>" });
    expect((event!.logentry as { formatted: string }).formatted).toBe("Blocked 'image' from '<script>alert(1)</script>'");
  });

  it("names a directive it does not know by itself, even one called like an Object method", () => {
    const body = { "csp-report": { "document-uri": "https://shop.example/", "effective-directive": "constructor", "blocked-uri": "https://x.example/" } };
    const [event] = eventsOf(securityReportToEnvelopes(encode(body), context, limit));
    expect((event!.logentry as { formatted: string }).formatted).toBe("Blocked 'constructor' from 'x.example'");
  });

  it(`keeps at most ${maxReportsPerRequest} reports of one request`, () => {
    const body = Array.from({ length: maxReportsPerRequest + 5 }, (_, index) => ({ type: "csp-violation", body: { documentURL: "https://shop.example/", blockedURL: `https://cdn${index}.example/x.js`, effectiveDirective: "script-src" } }));
    expect(securityReportToEnvelopes(encode(body), context, limit)).toHaveLength(maxReportsPerRequest);
  });

  it("refuses what is not a security report with a 400 that says why, and an oversize one with a 413", () => {
    expect(refusal(() => securityReportToEnvelopes(new Uint8Array(), context, limit))).toMatchObject({ code: "bad_request", message: "empty security report" });
    expect(refusal(() => securityReportToEnvelopes(new TextEncoder().encode("{not json"), context, limit))).toMatchObject({ code: "bad_request", message: "the security report is not valid JSON" });
    expect(refusal(() => securityReportToEnvelopes(encode({ "expect-ct-report": {} }), context, limit)).message).toMatch(/neither \{"csp-report"/);
    expect(refusal(() => securityReportToEnvelopes(encode(reportUriBody), context, 100))).toMatchObject({ code: "payload_too_large" });
  });
});
