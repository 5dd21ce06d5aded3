import { describe, expect, it } from "vitest";
import { describeFingerprintUse, type VariantSummary } from "./fingerprint-use";

const appVariant: VariantSummary = { key: "app", hash: "a1", description: "in-app exception stack trace", hint: "custom fingerprint takes precedence" };
const custom: VariantSummary = { key: "custom-fingerprint", hash: "c1", description: "custom fingerprint", hint: "fingerprint set by the SDK", fingerprint: ["checkout-failed"] };

describe("describeFingerprintUse", () => {
  it("says the fingerprint grouped the event when the event joined by its variant, and why", () => {
    expect(describeFingerprintUse([{ ...appVariant, hash: null }, custom], "c1")).toBe("Grouped by this fingerprint (custom fingerprint: fingerprint set by the SDK).");
  });

  it("names the grouping that won when the event joined by another variant", () => {
    expect(describeFingerprintUse([{ ...appVariant, hint: null }, custom], "a1")).toBe("Grouped without it, by the in-app exception stack trace.");
  });

  it("says so when the current rules no longer give the event's hash", () => {
    expect(describeFingerprintUse([custom], "gone")).toBe("The project's current grouping rules no longer give the hash this event was grouped by.");
    expect(describeFingerprintUse([custom], null)).toBe("The project's current grouping rules no longer give the hash this event was grouped by.");
  });
});
