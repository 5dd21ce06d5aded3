import { describe, expect, it } from "vitest";
import { slugify } from "./slugify";

describe("slugify", () => {
  it.each([
    ["Checkout Service", "checkout-service"],
    ["  My  App!! ", "my-app"],
    ["Café Déjà Vu", "cafe-deja-vu"],
    ["API v2.1 (beta)", "api-v2-1-beta"],
    ["snake_case_name", "snake-case-name"],
    ["--already-a-slug--", "already-a-slug"],
  ])("turns %j into %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("returns an empty string when no ASCII letter or digit is left", () => {
    expect(slugify("!!! ???")).toBe("");
    expect(slugify("日本語")).toBe("");
  });

  it("cuts to 50 characters without leaving a dash at the end", () => {
    const slug = slugify(`${"a".repeat(49)} tail`);
    expect(slug).toBe("a".repeat(49));
    expect(slugify("word ".repeat(30)).length).toBeLessThanOrEqual(50);
    expect(slugify("word ".repeat(30))).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
