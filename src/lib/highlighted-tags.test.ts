import { describe, expect, it } from "vitest";
import { readHighlightedTags } from "./highlighted-tags";

const values = (payload: Record<string, unknown>) => Object.fromEntries(readHighlightedTags(payload).map((tag) => [tag.key, tag.value]));

describe("readHighlightedTags", () => {
  it("reads an old event's contexts, user, request and mechanism when it has no derived tags", () => {
    const payload = {
      environment: "production",
      release: "shop@2.0.0",
      contexts: { runtime: { name: "node", version: "v22.1.0" }, os: { name: "Linux", version: "6.1" }, browser: { name: "Chrome" } },
      user: { id: "42", email: "pro@shop.example" },
      request: { url: "https://shop.example/checkout" },
      exception: { values: [{ type: "Error", mechanism: { type: "onunhandledrejection", handled: false } }] },
    };
    expect(values(payload)).toEqual({
      environment: "production",
      release: "shop@2.0.0",
      browser: "Chrome",
      runtime: "node v22.1.0",
      os: "Linux 6.1",
      user: "pro@shop.example",
      url: "https://shop.example/checkout",
      handled: "no",
    });
  });

  it("prefers the derived tag pairs digest stored, and leaves out what the event does not have", () => {
    const payload = { tags: [["browser", "Safari 17.2"], ["handled", "yes"], ["os", "macOS 14"]], contexts: { browser: { name: "Chrome", version: "1" } } };
    expect(readHighlightedTags(payload)).toEqual([
      { key: "browser", label: "Browser", value: "Safari 17.2" },
      { key: "os", label: "OS", value: "macOS 14" },
      { key: "handled", label: "Handled", value: "yes" },
    ]);
  });

  it("skips values of the wrong type instead of rendering them", () => {
    expect(readHighlightedTags({ environment: { toString: "x" }, user: ["a"], request: { url: 7 }, contexts: { os: "Linux" } })).toEqual([{ key: "url", label: "URL", value: "7" }]);
  });
});
