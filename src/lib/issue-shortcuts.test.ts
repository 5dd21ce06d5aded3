import { describe, expect, it } from "vitest";
import { issueShortcutOf } from "./issue-shortcuts";

const press = (key: string, options: Partial<Parameters<typeof issueShortcutOf>[0]> = {}) => issueShortcutOf({ key, ctrlKey: false, metaKey: false, altKey: false, target: { tagName: "BODY" }, ...options });

describe("issue page shortcuts", () => {
  it("maps r, i, e and E (shift+e)", () => {
    expect([press("r"), press("i"), press("e"), press("E"), press("x")]).toEqual(["resolve", "ignore", "older", "newer", null]);
  });

  it("ignores keys typed into fields and keys with Ctrl, ⌘ or Alt", () => {
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT", "input"]) expect(press("r", { target: { tagName } })).toBeNull();
    expect(press("r", { target: { tagName: "DIV", isContentEditable: true } })).toBeNull();
    expect(press("r", { ctrlKey: true })).toBeNull();
    expect(press("r", { metaKey: true })).toBeNull();
    expect(press("e", { altKey: true })).toBeNull();
  });
});
