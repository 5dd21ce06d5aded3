import { describe, expect, it } from "vitest";
import { sdkSnippets } from "./sdk-snippets";

const dsn = "https://0123456789abcdef0123456789abcdef@errors.example.com/sub/42";

describe("sdkSnippets", () => {
  it.each(sdkSnippets(dsn).map((snippet) => [snippet.title, snippet] as const))("puts the DSN into the %s set-up", (_, snippet) => {
    expect(snippet.code).toContain(`"${dsn}"`);
    expect(snippet.install).not.toBe("");
  });

  it("offers one snippet per platform", () => {
    const platforms = sdkSnippets(dsn).map((snippet) => snippet.platform);
    expect(new Set(platforms).size).toBe(platforms.length);
    expect(platforms).toEqual(expect.arrayContaining(["javascript-nextjs", "node", "python"]));
  });

  it("uses the DSN it is given, not a fixed one", () => {
    const other = "http://fedcba9876543210fedcba9876543210@localhost:3000/1";
    for (const snippet of sdkSnippets(other)) {
      expect(snippet.code).toContain(other);
      expect(snippet.code).not.toContain(dsn);
    }
  });
});
