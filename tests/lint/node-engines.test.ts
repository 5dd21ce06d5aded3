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
const lockfile = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as { packages: Record<string, { engines?: Record<string, string> | string[]; optional?: boolean; os?: string[]; dev?: boolean }> };
const readme = readFileSync(new URL("README.md", root), "utf8");

const promised = semver.minVersion(manifest.engines.node)!.version;

/**
 * Development tools that state a newer Node and run fine on the promised one: the tests start them as child
 * processes, and `npm ci --omit=dev` (what a Lantern install needs) never fetches them. Each must stay a
 * devDependency; its engine warning shows only to developers.
 */
const devToolsNeedingNewerNode = new Set(["node_modules/@sentry/mcp-server"]);

it("the development tools allowed a newer Node are dev-only packages", () => {
  for (const path of devToolsNeedingNewerNode) expect(lockfile.packages[path], path).toMatchObject({ dev: true });
});

it("the README names the same oldest Node as package.json's engines", () => {
  expect(readme).toContain(`Node.js ${semver.major(promised)}.${semver.minor(promised)} or newer`);
});

it.each([promised, "20.20.2"])("every locked package with an engines.node range accepts Node %s", (version) => {
  const refused = Object.entries(lockfile.packages)
    .filter(([path]) => path !== "" && !devToolsNeedingNewerNode.has(path))
    .flatMap(([path, entry]) => {
      const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      if (!range || semver.satisfies(version, range, { includePrerelease: true })) return [];
      return [`${path.replace(/^.*node_modules\//, "")} needs node ${range}`];
    });
  expect(refused).toEqual([]);
});
