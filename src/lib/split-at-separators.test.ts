import { describe, expect, it } from "vitest";
import { splitAtSeparators } from "./split-at-separators";

describe("splitAtSeparators", () => {
  it.each([
    ["checkout-api@1.0.0", ["checkout-", "api@", "1.", "0.", "0"]],
    ["kernel_version", ["kernel_", "version"]],
    ["/home/me/lantern/.e2e/lantern.db", ["/home/", "me/", "lantern/.", "e2e/", "lantern.", "db"]],
    ["http://0123abcd@127.0.0.1:3000/42", ["http://", "0123abcd@", "127.", "0.", "0.", "1:", "3000/", "42"]],
    ["app:///static/js/main.js", ["app:///", "static/", "js/", "main.", "js"]],
    ["npx @sentry/wizard@latest -i nextjs", ["npx @sentry/", "wizard@", "latest -i nextjs"]],
  ])("cuts %j after its separators only", (identifier, pieces) => {
    expect(splitAtSeparators(identifier)).toEqual(pieces);
  });

  it("keeps words, numbers and percentages whole, and loses no character", () => {
    for (const text of ["fetchShipping", "100%", "0123456789abcdef", "", "-", "--flag", "trailing.", "a b/c"]) {
      const pieces = splitAtSeparators(text);
      expect(pieces.join("")).toBe(text);
      for (const piece of pieces) expect(piece.replace(/^[/.@_\-:]+/, "")).not.toMatch(/[/.@_\-:][^/.@_\-:]/);
    }
    expect(splitAtSeparators("fetchShipping")).toEqual(["fetchShipping"]);
    expect(splitAtSeparators("100%")).toEqual(["100%"]);
    expect(splitAtSeparators("--flag")).toEqual(["--flag"]);
    expect(splitAtSeparators("trailing.")).toEqual(["trailing."]);
  });
});
