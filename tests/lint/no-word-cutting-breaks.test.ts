import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 26: a word, number or identifier never breaks in its middle (`1|00%`, `checkout-api@|1.0.0`). The
 * classes and CSS that allow a break between any two characters are what cut them; identifiers break after
 * their separators (`ui/identifier-text`), and `wrap-break-word` stays the last resort for one piece wider
 * than its line.
 */
const wordCutting = [/\bbreak-all\b/, /\bwrap-anywhere\b/, /overflow-wrap:\s*anywhere/, /word-break:\s*break-all/];

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => (statSync(join(folder, name)).isDirectory() ? files(join(folder, name)) : [join(folder, name)]));
}

describe("line breaks", () => {
  it("no component or style sheet lets a line break inside a word", () => {
    const offenders = files("src")
      .filter((path) => /\.(tsx|ts|css)$/.test(path) && !path.endsWith(".test.ts"))
      .flatMap((path) => readFileSync(path, "utf8").split("\n").flatMap((line, index) => (wordCutting.some((pattern) => pattern.test(line)) ? [`${path}:${index + 1}: ${line.trim()}`] : [])));
    expect(offenders).toEqual([]);
  });
});
