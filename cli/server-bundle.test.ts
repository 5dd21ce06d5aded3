import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hasCurrentServerBundle } from "./server-bundle.mjs";

describe("hasCurrentServerBundle", () => {
  let directory: string;
  let root: URL;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "lantern-bundle-"));
    root = pathToFileURL(`${directory}/`);
    mkdirSync(join(directory, ".next"));
    mkdirSync(join(directory, "dist"));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const write = (path: string, text: string) => writeFileSync(join(directory, path), text);

  it("runs the bundle made with the current Next build", () => {
    write(".next/BUILD_ID", "build-2");
    write("dist/BUILD_ID", "build-2\n");
    write("dist/lantern.mjs", "");
    expect(hasCurrentServerBundle(root)).toBe(true);
  });

  it("falls back to the sources when the bundle belongs to an older build, is missing, or there is no build", () => {
    write("dist/lantern.mjs", "");
    write("dist/BUILD_ID", "build-1");
    expect(hasCurrentServerBundle(root)).toBe(false);
    write(".next/BUILD_ID", "build-2");
    expect(hasCurrentServerBundle(root)).toBe(false);
    rmSync(join(directory, "dist/BUILD_ID"));
    expect(hasCurrentServerBundle(root)).toBe(false);
    write("dist/BUILD_ID", "build-2");
    rmSync(join(directory, "dist/lantern.mjs"));
    expect(hasCurrentServerBundle(root)).toBe(false);
  });
});
