import { describe, expect, it } from "vitest";
import { frameMatchesFile, normalizeFramePath } from "./match-commit-file";

describe("frameMatchesFile", () => {
  it.each([
    ["/srv/shop/src/checkout.ts", "src/checkout.ts"],
    ["app:///src/checkout.ts", "src/checkout.ts"],
    ["app:///src/checkout.ts", "./src/checkout.ts"],
    ["webpack://shop/./src/checkout.ts", "src/checkout.ts"],
    ["webpack:///src/checkout.ts", "src/checkout.ts"],
    ["webpack-internal:///./src/checkout.ts", "src/checkout.ts"],
    ["~/src/checkout.ts", "src/checkout.ts"],
    ["https://shop.example/static/src/checkout.ts?v=3#top", "src/checkout.ts"],
    ["src/checkout.ts", "src/checkout.ts"],
    ["C:\\work\\shop\\src\\checkout.ts", "src/checkout.ts"],
  ])("%s is %s", (frame, file) => {
    expect(frameMatchesFile(frame, file)).toBe(true);
  });

  it.each([
    ["/srv/shop/src/checkout.tsx", "src/checkout.ts"],
    ["/srv/shop/xsrc/checkout.ts", "src/checkout.ts"],
    ["app:///checkout.ts", "src/checkout.ts"],
    ["https://src/checkout.ts", "src/checkout.ts"],
    ["/srv/shop/src/checkout.ts", ""],
  ])("%s is not %s", (frame, file) => {
    expect(frameMatchesFile(frame, file)).toBe(false);
  });

  it("takes the scheme and bundler namespace off, keeping the path", () => {
    expect(normalizeFramePath("webpack://shop/./src/a.ts")).toBe("/src/a.ts");
    expect(normalizeFramePath("app:///src/a.ts")).toBe("/src/a.ts");
    expect(normalizeFramePath("https://cdn.example/assets/a.js?x=1")).toBe("/assets/a.js");
  });
});
