import { describe, expect, it } from "vitest";
import { attributeKeyToken, attributeValueToken, maxWordLength, termsOfLine, wordsOf } from "./log-terms";

describe("log search tokens", () => {
  it("are the message's words lower-cased, once each, without runs longer than a word", () => {
    expect(wordsOf(`Payment FAILED for order 4211: payment-gateway ${"a".repeat(maxWordLength + 1)} Zürich`)).toEqual(["payment", "failed", "for", "order", "4211", "gateway", "zürich"]);
  });

  it("give each attribute a key token and a value token apart from any word, and the trace a token", () => {
    const terms = termsOfLine("cart loaded", "5b8efff798038103d269b633813fc60c", { "user.id": { value: 42 }, note: { value: "x".repeat(300) } });
    expect(terms).toEqual(["cart", "loaded", "t5b8efff798038103", attributeKeyToken("user.id"), attributeValueToken("user.id", "42"), attributeKeyToken("note")]);
    expect(attributeValueToken("user.id", "42")).not.toBe(attributeValueToken("user.id", "43"));
    expect(attributeValueToken("a", "b=c")).toMatch(/^v[0-9a-z]+$/);
  });
});
