// What naming frames by their enclosing function costs (issue 30, "every frame named"):
// 1. Once per minified file and process: `indexFunctionScopes` parses the file with acorn into its function
//    table. Measured on a real production bundle: esbuild's minified ESM build of @sentry/browser, react and
//    react-dom (a front end's vendor chunk), median of several parses, with the table's bytes (what the
//    source-map cache counts it as) and the function count.
// 2. Per frame: `originalScopeName` at random positions inside the bundle's functions (binary search of the
//    table, then the map's segment lookup and the name), median ns per frame over rounds of 100,000.
// Run: npm run bench:scope-names
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { parseSourceMap } from "../src/server/sourcemaps/artifact-source";
import { indexFunctionScopes } from "../src/server/sourcemaps/function-scopes";
import { originalScopeName } from "../src/server/sourcemaps/resolve-frame";
import type { ParsedMap } from "../src/server/sourcemaps/source-map-cache";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), "lantern-scopes-bench-"));
try {
  writeFileSync(join(dir, "entry.js"), `export * as Sentry from "@sentry/browser";\nexport * as React from "react";\nexport * as ReactDOM from "react-dom/client";\n`);
  await build({ entryPoints: [join(dir, "entry.js")], bundle: true, minify: true, sourcemap: "linked", format: "esm", outfile: join(dir, "vendor.js"), nodePaths: [join(process.cwd(), "node_modules")], logLevel: "silent", define: { "process.env.NODE_ENV": '"production"' } });
  const code = readFileSync(join(dir, "vendor.js"), "utf8");
  const parsed = parseSourceMap(readFileSync(join(dir, "vendor.js.map"), "utf8")) as ParsedMap;

  indexFunctionScopes(code);
  const parseTimes: number[] = [];
  let scopes = indexFunctionScopes(code);
  for (let round = 0; round < 7; round++) {
    const started = performance.now();
    scopes = indexFunctionScopes(code);
    parseTimes.push(performance.now() - started);
  }
  const functions = scopes.table.length / 8;

  // Positions inside functions: each function's start shifted a little to the right.
  const positions: [number, number][] = [];
  for (let index = 0; index < functions; index++) positions.push([scopes.table[index * 8]!, scopes.table[index * 8 + 1]! + 1]);
  let named = 0;
  const frameTimes: number[] = [];
  for (let round = 0; round < 7; round++) {
    const started = process.hrtime.bigint();
    for (let frame = 0; frame < 100_000; frame++) {
      const [line, column] = positions[(frame * 7919) % positions.length]!;
      if (originalScopeName(parsed, scopes, line, column + 1) !== null) named++;
    }
    frameTimes.push(Number(process.hrtime.bigint() - started) / 100_000);
  }
  console.log(`minified bundle: ${(code.length / 1024).toFixed(0)} KB, ${functions} functions (load ${loadavg()[0]!.toFixed(2)})`);
  console.log(`index once per file: ${median(parseTimes).toFixed(1)} ms, table ${(scopes.size / 1024).toFixed(0)} KB (${(scopes.size / functions).toFixed(0)} B a function)`);
  console.log(`name per frame: ${median(frameTimes).toFixed(0)} ns; ${((named / (7 * 100_000)) * 100).toFixed(0)} % of positions named`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
