import { describe, expect, it } from "vitest";
import { maxLogAlertThreshold } from "@/lib/log-alert-intervals";
import { isAppError } from "../errors";
import { parseLogAlertRuleInput } from "./log-alert-input";

const valid = { name: "Payments failing", query: '"payment failed"', threshold: "10", interval: "1m", channels: ["payments-hook"] };

function refusal(input: unknown): { status: string; message: string } {
  try {
    parseLogAlertRuleInput(input);
  } catch (error) {
    if (isAppError(error)) return { status: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("parseLogAlertRuleInput", () => {
  it("reads the form's fields: threshold as a whole number, channels each once", () => {
    expect(parseLogAlertRuleInput({ ...valid, name: "  Payments failing ", channels: ["payments-hook", "payments-hook", "ops"] })).toEqual({ name: "Payments failing", query: '"payment failed"', threshold: 10, interval: "1m", channels: ["payments-hook", "ops"] });
    expect(parseLogAlertRuleInput({ ...valid, threshold: 0 }).threshold).toBe(0);
  });

  it("refuses a query the logs search cannot parse with the parser's reason", () => {
    expect(refusal({ ...valid, query: "payment OR refund" })).toEqual({ status: "bad_request", message: "query: OR and parentheses are not supported in a log query: all terms must match." });
    expect(refusal({ ...valid, query: "severity:loud" }).message).toBe("query: severity is one of trace, debug, info, warn, error, fatal.");
    expect(refusal({ ...valid, query: "has:<script>" }).message).toMatch(/^query: has: names an attribute \("<script>" is not one\)\.$/);
    expect(refusal({ ...valid, query: "x".repeat(2001) }).message).toBe("query: at most 2,000 characters");
    expect(refusal({ ...valid, query: "   " }).message).toBe("query: a log query is required");
  });

  it("bounds the threshold: a whole number from 0 to the maximum", () => {
    expect(refusal({ ...valid, threshold: "-1" }).message).toBe("threshold: expected a whole number");
    expect(refusal({ ...valid, threshold: "1.5" }).message).toBe("threshold: expected a whole number");
    expect(refusal({ ...valid, threshold: 2.5 }).message).toBe("threshold: expected a whole number");
    expect(refusal({ ...valid, threshold: "ten" }).message).toBe("threshold: expected a whole number");
    expect(refusal({ ...valid, threshold: String(maxLogAlertThreshold + 1) }).message).toBe("threshold: at most 1,000,000");
    expect(parseLogAlertRuleInput({ ...valid, threshold: String(maxLogAlertThreshold) }).threshold).toBe(maxLogAlertThreshold);
  });

  it("takes only the listed intervals", () => {
    for (const interval of ["1m", "5m", "15m", "1h", "1d"]) expect(parseLogAlertRuleInput({ ...valid, interval }).interval).toBe(interval);
    expect(refusal({ ...valid, interval: "1w" }).message).toBe("interval: expected one of 1m, 5m, 15m, 1h, 1d");
    expect(refusal({ ...valid, interval: "__proto__" }).message).toBe("interval: expected one of 1m, 5m, 15m, 1h, 1d");
  });

  it("needs a name and one to twenty channels", () => {
    expect(refusal({ ...valid, name: "" }).message).toBe("name: a name is required");
    expect(refusal({ ...valid, channels: [] }).message).toBe("channels: choose at least one notification channel");
    expect(refusal({ ...valid, channels: Array.from({ length: 21 }, (_, index) => `c${index}`) }).message).toBe("channels: at most 20 channels");
    expect(refusal("not an object").message).toMatch(/^body: /);
  });
});
