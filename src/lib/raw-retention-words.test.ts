import { describe, expect, it } from "vitest";
import { rawRetentionInWords } from "./raw-retention-words";

describe("the raw-envelope window in words", () => {
  it("says envelopes go at digest for 0 hours, and names the hours otherwise", () => {
    expect(rawRetentionInWords(0)).toBe("Raw envelopes are deleted once digested (LANTERN_RAW_RETENTION_HOURS=0): only those still waiting show here.");
    expect(rawRetentionInWords(1)).toBe("Raw envelopes are kept 1 hour after they arrive, then deleted; the events made of them stay.");
    expect(rawRetentionInWords(24)).toBe("Raw envelopes are kept 24 hours after they arrive, then deleted; the events made of them stay.");
    expect(rawRetentionInWords(8760)).toContain("8,760 hours");
  });
});
