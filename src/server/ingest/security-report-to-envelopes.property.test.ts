import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { AppError } from "../errors";
import { inspectEnvelope } from "./inspect-envelope";
import { parseEnvelope } from "./parse-envelope";
import { maxReportsPerRequest, securityReportToEnvelopes, type SecurityReportContext } from "./security-report-to-envelopes";
import { cspReportText, hostileKeys } from "../../../tests/support/envelope-mutations.mjs";
import { runDigestSteps } from "../../../tests/support/run-digest-steps";
import { preview, propertyRuns, valueOrAppError } from "../../../tests/support/value-or-app-error";

/**
 * Property: a browser's CSP report body of any shape, with any release, environment and user agent, becomes
 * event envelopes that pass ingest's checks and digest, or is refused with an AppError — within the bound.
 */
const limits = loadConfig({}).ingest;
const encoder = new TextEncoder();
const contextText = fc.option(fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom(...hostileKeys), fc.constant("x".repeat(10_000))), { nil: null });
const context: fc.Arbitrary<SecurityReportContext> = fc.record({ release: contextText, environment: contextText, userAgent: contextText });

function convertChecked(body: Uint8Array, requestContext: SecurityReportContext, maxEventBytes: number): void {
  const envelopes = securityReportToEnvelopes(body, requestContext, maxEventBytes);
  expect(envelopes.length).toBeLessThanOrEqual(maxReportsPerRequest);
  for (const bytes of envelopes) {
    const envelope = parseEnvelope(bytes);
    inspectEnvelope(envelope, limits);
    runDigestSteps(JSON.parse(new TextDecoder().decode(envelope.items[0]!.payload)));
  }
}

describe("securityReportToEnvelopes on hostile reports", () => {
  it("gives envelopes that pass ingest and digest, or an AppError, for any report body and request", () => {
    fc.assert(
      fc.property(cspReportText.map((text) => encoder.encode(text)), context, fc.oneof(fc.constant(1024 * 1024), fc.integer({ min: 0, max: 4_000 })), (body, requestContext, maxEventBytes) =>
        void valueOrAppError(() => convertChecked(body, requestContext, maxEventBytes), () => `limit ${maxEventBytes}, context ${JSON.stringify(requestContext).slice(0, 200)}, ${preview(body)}`),
      ),
      propertyRuns(400),
    );
  });

  it("gives envelopes or an AppError for arbitrary bytes", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 2_048 }), (body) => void valueOrAppError(() => convertChecked(body, { release: null, environment: null, userAgent: null }, 1024 * 1024), () => preview(body))), propertyRuns(500));
  });

  it("turns an unmutated report of each wire format into events", () => {
    const reportUri = { "csp-report": { "document-uri": "https://shop.example.com/", "effective-directive": "img-src", "blocked-uri": "https://evil.example/x.png" } };
    const reportingApi = [{ type: "csp-violation", body: { documentURL: "https://shop.example.com/", effectiveDirective: "script-src-elem", blockedURL: "inline" } }];
    for (const report of [reportUri, reportingApi]) {
      const outcome = valueOrAppError(() => securityReportToEnvelopes(encoder.encode(JSON.stringify(report)), { release: null, environment: null, userAgent: null }, 1024 * 1024), () => JSON.stringify(report));
      expect(outcome).not.toBeInstanceOf(AppError);
      expect(outcome).toHaveLength(1);
    }
  });
});
