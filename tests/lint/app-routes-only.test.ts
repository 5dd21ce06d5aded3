import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** src/app holds routes only: Next's file conventions and server actions; views live in src/components, loaders in src/server. */
const routeFile = /^(page|layout|route|loading|error|not-found|global-error|template|default|actions)\.(tsx|ts)$/;
/** Next's metadata files: the app's icons, served at /favicon.ico, /icon.svg and /apple-icon.png. */
const iconFile = /^(favicon\.ico|icon\.(svg|png|ico)|apple-icon\.png)$/;

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => (statSync(join(folder, name)).isDirectory() ? files(join(folder, name)) : [join(folder, name)]));
}

describe("src/app", () => {
  it("holds only route files and server actions", () => {
    const others = files("src/app").filter((path) => !routeFile.test(path.split("/").at(-1)!) && !iconFile.test(path.split("/").at(-1)!));
    expect(others).toEqual([]);
  });
});
