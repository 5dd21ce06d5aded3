#!/usr/bin/env node
// The second half of `npm run build`: compiles `lantern start` (cli/ and src/server/) into dist/ with
// esbuild, so the server runs plain JavaScript instead of compiling TypeScript through tsx as it loads —
// tsx's loader thread and its caches cost about 110 MB of memory in a running server
// (docs/performance.md). Packages stay in node_modules. dist/BUILD_ID ties the bundle to the Next build
// it was made with; cli/lantern.mjs runs it only while the two match.
import { copyFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: { lantern: "cli/main.ts", "digest-thread-entry": "cli/digest-thread-main.ts", "digest-pool-entry": "cli/digest-pool-main.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
copyFileSync(".next/BUILD_ID", "dist/BUILD_ID");
console.log("lantern: server bundle written to dist/");
