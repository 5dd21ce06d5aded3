import { describe, expect, it } from "vitest";
import { humanizeContextTitle } from "./humanize-context-title";

describe("humanizeContextTitle", () => {
  it("capitalises a one-word key, as Sentry titles a custom context", () => {
    expect(humanizeContextTitle("order")).toBe("Order");
  });

  it("splits snake_case, kebab-case, dotted and camelCase keys into words", () => {
    expect(humanizeContextTitle("shipping_address")).toBe("Shipping Address");
    expect(humanizeContextTitle("feature-flags")).toBe("Feature Flags");
    expect(humanizeContextTitle("paymentInfo")).toBe("Payment Info");
    expect(humanizeContextTitle("my.app state")).toBe("My App State");
    expect(humanizeContextTitle("HTTP")).toBe("HTTP");
  });

  it("prefers the context's own title, and keeps a key of separators only as it is", () => {
    expect(humanizeContextTitle("order", { title: "Order being paid" })).toBe("Order being paid");
    expect(humanizeContextTitle("order", { title: { nested: true } })).toBe("Order");
    expect(humanizeContextTitle("__")).toBe("__");
    expect(humanizeContextTitle("__proto__")).toBe("Proto");
  });
});
