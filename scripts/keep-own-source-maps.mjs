#!/usr/bin/env node
// Part of `npm run build`, right after `next build`: Lantern's own source maps are kept, but private.
// Turbopack writes a map beside every client and server chunk and gives each chunk a debug ID
// (`turbopack.debugIds` in next.config.ts, what @sentry/nextjs uses on Next 16 instead of running
// `sentry-cli sourcemaps inject`): a `//# debugId=` comment and a snippet that registers it in
// `globalThis._debugIds`, where the Sentry SDKs read it for `debug_meta`. This script then
// - moves every `.map` out of `.next/static` (served to anyone) and `.next/server` into
//   `.next/lantern-sourcemaps/`, so the maps are not published;
// - removes the `//# sourceMappingURL=` comments, so neither a browser nor Node looks for them (with
//   source maps on, as under tsx, Node would keep every loaded chunk's map in memory: docs/performance.md);
// - writes the map sources as paths of the repository (`src/app/…`, not `turbopack:///[project]/src/app/…`);
// - lists each chunk with its debug ID and map in `.next/lantern-sourcemaps/manifest.json`, which
//   `lantern start` registers in the Lantern project (src/server/sourcemaps/register-own-source-maps.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative, sep } from "node:path";

const nextDir = ".next";
const privateDir = join(nextDir, "lantern-sourcemaps");
const roots = ["static", "server"];
const projectPrefix = "turbopack:///[project]/";
// Comment lines at the end of a chunk: Turbopack writes the debug ID first, `sentry-cli sourcemaps inject`
// after the map's URL; either way only the last lines count.
const debugIdComment = /^\/\/# debugId=([0-9a-fA-F-]{32,36})[ \t]*$/gm;
const sourceMappingUrlComment = /^\/\/[#@] sourceMappingURL=(\S+)[ \t]*$/gm;
const tailLength = 1000;

rmSync(privateDir, { recursive: true, force: true });
const chunks = [];
const maps = [];
for (const root of roots) {
  const rootDir = join(nextDir, root);
  if (!existsSync(rootDir)) continue;
  for (const entry of readdirSync(rootDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if (entry.name.endsWith(".map")) maps.push(path);
    else if (/\.(js|mjs|cjs)$/.test(entry.name)) chunks.push(path);
    else if (entry.name.endsWith(".css")) stripComment(path, /\n?\/\*[#@] sourceMappingURL=[^\s]+\s*\*\/\s*$/);
  }
}

const files = [];
for (const path of chunks) {
  const text = readFileSync(path, "utf8");
  const tailStart = Math.max(0, text.length - tailLength);
  const tail = text.slice(tailStart);
  const mapComment = [...tail.matchAll(sourceMappingUrlComment)].at(-1);
  if (!mapComment) continue;
  const mapUrl = mapComment[1];
  const commentStart = tailStart + mapComment.index;
  writeFileSync(path, text.slice(0, commentStart) + text.slice(commentStart + mapComment[0].length));
  const debugId = [...tail.matchAll(debugIdComment)].at(-1)?.[1]?.toLowerCase();
  const mapPath = mapUrl.startsWith("data:") ? null : join(dirname(path), decodeURIComponent(mapUrl.split(/[?#]/)[0]));
  // Only chunks with a debug ID can be matched to their map (Lantern's events carry no release files).
  if (!debugId || !mapPath || !existsSync(mapPath)) continue;
  files.push({ minified: toPosix(relative(nextDir, path)), map: toPosix(relative(nextDir, mapPath)), debugId });
}

for (const path of maps) {
  const target = join(privateDir, relative(nextDir, path));
  mkdirSync(dirname(target), { recursive: true });
  if (path.endsWith(".js.map") || path.endsWith(".mjs.map") || path.endsWith(".cjs.map")) {
    writeFileSync(target, JSON.stringify(withRepositoryPaths(JSON.parse(readFileSync(path, "utf8")), toPosix(dirname(path)))));
    rmSync(path);
  } else renameSync(path, target);
}

const buildId = readFileSync(join(nextDir, "BUILD_ID"), "utf8").trim();
mkdirSync(privateDir, { recursive: true });
writeFileSync(join(privateDir, "manifest.json"), `${JSON.stringify({ buildId, files }, null, 1)}\n`);
console.log(`lantern: ${maps.length} source maps moved to ${privateDir} (${files.length} chunks with a debug ID)`);

function stripComment(path, comment) {
  const text = readFileSync(path, "utf8");
  const stripped = text.replace(comment, "\n");
  if (stripped !== text) writeFileSync(path, stripped);
}

/**
 * A map (or an index map's sections) whose sources are paths of the repository: client maps name them
 * `turbopack:///[project]/src/…`, server maps relative to the map's own directory and percent-encoded
 * (`../../../../src/app/%28dashboard%29/…`).
 */
function withRepositoryPaths(map, mapDirectory) {
  if (Array.isArray(map.sources) && !map.sourceRoot) map.sources = map.sources.map((source) => (typeof source === "string" ? repositoryPath(source, mapDirectory) : source));
  if (Array.isArray(map.sections)) for (const section of map.sections) if (section?.map) withRepositoryPaths(section.map, mapDirectory);
  return map;
}

function repositoryPath(source, mapDirectory) {
  if (source.startsWith(projectPrefix)) return source.slice(projectPrefix.length);
  if (/^[a-z][a-z0-9+.-]*:/i.test(source) || source.startsWith("/")) return source;
  const resolved = posix.normalize(posix.join(mapDirectory, source));
  if (resolved.startsWith("../")) return source;
  try {
    return decodeURIComponent(resolved);
  } catch {
    return resolved;
  }
}

function toPosix(path) {
  return path.split(sep).join(posix.sep);
}
