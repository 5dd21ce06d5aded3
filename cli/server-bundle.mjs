import { existsSync, readFileSync } from "node:fs";

/**
 * Whether `npm run build` left a server bundle in dist/ that belongs to the current Next build: the two
 * BUILD_IDs match. A bundle from an older build would serve code the pages were not built with.
 */
export function hasCurrentServerBundle(root) {
  const bundleBuild = readBuildId(new URL("dist/BUILD_ID", root));
  return bundleBuild !== null && bundleBuild === readBuildId(new URL(".next/BUILD_ID", root)) && existsSync(new URL("dist/lantern.mjs", root));
}

function readBuildId(url) {
  return existsSync(url) ? readFileSync(url, "utf8").trim() : null;
}
