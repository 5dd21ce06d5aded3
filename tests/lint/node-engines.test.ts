import { readFileSync } from "node:fs";
import semver from "semver";
import { expect, it } from "vitest";

/**
 * `npm ci` prints no engine warning on the Node versions the README names: every package in the lockfile
 * that states `engines.node` accepts the oldest Node the README and package.json promise (and today's LTS
 * line the CI machine runs). A dependency bump that needs a newer Node fails here, not on a user's machine.
 */
const root = new URL("../../", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { engines: { node: string } };
const lockfile = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as { packages: Record<string, { engines?: Record<string, string> | string[]; optional?: boolean; os?: string[] }> };
const readme = readFileSync(new URL("README.md", root), "utf8");

const promised = semver.minVersion(manifest.engines.node)!.version;

it("the README names the same oldest Node as package.json's engines", () => {
  expect(readme).toContain(`Node.js ${semver.major(promised)}.${semver.minor(promised)} or newer`);
});

it.each([promised, "20.20.2"])("every locked package with an engines.node range accepts Node %s", (version) => {
  const refused = Object.entries(lockfile.packages)
    .filter(([path]) => path !== "")
    .flatMap(([path, entry]) => {
      const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      if (!range || semver.satisfies(version, range, { includePrerelease: true })) return [];
      return [`${path.replace(/^.*node_modules\//, "")} needs node ${range}`];
    });
  expect(refused).toEqual([]);
});
