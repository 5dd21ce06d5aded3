import { describe, expect, it } from "vitest";
import { normalizeSpanDescription, spanDomain } from "./span-description";

describe("span descriptions for grouping", () => {
  it("replaces SQL literals, placeholders and lists", () => {
    expect(normalizeSpanDescription("db", "SELECT * FROM users WHERE id = 42 AND name = 'O''Brien'")).toBe("SELECT * FROM users WHERE id = ? AND name = ?");
    expect(normalizeSpanDescription("db.query", "SELECT * FROM t WHERE id IN (1, 2, 3) AND x = $1")).toBe("SELECT * FROM t WHERE id IN (?) AND x = ?");
    expect(normalizeSpanDescription("db", "select  t1.a\n from t1")).toBe("select t1.a from t1");
  });

  it("replaces ids in outgoing URLs and drops the query string", () => {
    expect(normalizeSpanDescription("http.client", "get https://api.example.com/users/42/orders/0f8fad5b-d9cb-469f-a165-70867728950e?x=1")).toBe("GET https://api.example.com/users/*/orders/*");
    expect(spanDomain("GET https://api.example.com:8443/x")).toBe("api.example.com:8443");
    expect(spanDomain("GET /relative")).toBeNull();
  });

  it("keeps other ops as sent, capped", () => {
    expect(normalizeSpanDescription("function", "render 42")).toBe("render 42");
    expect(normalizeSpanDescription("function", "x".repeat(1000))).toHaveLength(300);
    expect(normalizeSpanDescription("db", null)).toBeNull();
  });
});
