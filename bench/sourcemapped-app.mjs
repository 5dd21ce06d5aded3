// A minified front end with source maps, as a team ships it: six bundles built by esbuild (minified, with
// maps and sourcesContent), debug IDs injected by the real `sentry-cli sourcemaps inject`. The benchmarks send
// events whose frames point at real mapped positions of these bundles, with the `debug_meta` the browser SDK
// adds, so digest resolves every frame the way it would for a real app.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { build } from "esbuild";
import { TraceMap, eachMapping } from "@jridgewell/trace-mapping";
import { createEventEnvelope, makeDsn, serializeEnvelope } from "@sentry/core";

export const appFiles = ["app", "vendor", "checkout", "cart", "router", "api-client"];
const sentryCli = join(process.cwd(), "node_modules/.bin/sentry-cli");

function moduleSource(file) {
  const functions = Array.from({ length: 60 }, (_, index) => `
export function ${file.replace("-", "")}Step${index}(items, options) {
  const total = items.reduce((sum, item) => sum + item.price * (options.quantity ?? 1), 0);
  if (!options.cart) {
    throw new TypeError("Cannot read properties of undefined (reading 'price')");
  }
  return ${file.replace("-", "")}Step${(index + 1) % 60}(items.slice(1), { ...options, total });
}`);
  return functions.join("\n");
}

/** Builds the six bundles into `directory`/dist and injects debug IDs; returns each file's debug ID and mapped call positions. */
export async function buildSourcemappedApp(directory) {
  const sources = join(directory, "src");
  const dist = join(directory, "dist");
  mkdirSync(sources, { recursive: true });
  for (const file of appFiles) writeFileSync(join(sources, `${file}.js`), moduleSource(file));
  await build({ entryPoints: appFiles.map((file) => join(sources, `${file}.js`)), outdir: dist, entryNames: "[name].min", minify: true, sourcemap: true, sourcesContent: true, format: "esm", logLevel: "silent" });
  execFileSync(sentryCli, ["sourcemaps", "inject", dist], { stdio: "ignore" });
  const bundles = {};
  for (const name of readdirSync(dist).filter((entry) => entry.endsWith(".min.js"))) {
    const file = name.slice(0, -".min.js".length);
    const map = JSON.parse(readFileSync(join(dist, `${name}.map`), "utf8"));
    const positions = [];
    eachMapping(new TraceMap(map), (mapping) => {
      if (mapping.name && mapping.source && positions.length < 200) positions.push({ lineno: mapping.generatedLine, colno: mapping.generatedColumn + 1 });
    });
    bundles[file] = { debugId: map.debug_id ?? map.debugId, positions };
  }
  return { dist, bundles };
}

/** Uploads the bundles with the real CLI (`--url` the running Lantern). */
export function uploadSourcemappedApp({ dist }, { url, org, project, token }) {
  execFileSync(sentryCli, ["--url", url, "--auth-token", token, "sourcemaps", "upload", "--org", org, "--project", project, dist], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8", env: { ...process.env, SENTRY_LOG_LEVEL: "error" } });
}

/** An event like bench/realistic-envelope.mjs's, whose 24 frames point into the minified bundles. */
export function sourcemappedEnvelope(app, dsn, eventId = randomUUID().replaceAll("-", "")) {
  const now = Date.now();
  const frames = Array.from({ length: 24 }, (_, index) => {
    const file = appFiles[index % appFiles.length];
    const position = app.bundles[file].positions[(index * 7) % app.bundles[file].positions.length];
    return { filename: `https://shop.example.com/assets/${file}.min.js`, abs_path: `https://shop.example.com/assets/${file}.min.js`, function: `${file[0]}${index}`, lineno: position.lineno, colno: position.colno, in_app: true };
  });
  const event = {
    event_id: eventId,
    timestamp: now / 1000,
    platform: "javascript",
    level: "error",
    environment: "production",
    release: "shop-web@2.14.0",
    exception: { values: [{ type: "TypeError", value: "Cannot read properties of undefined (reading 'price')", mechanism: { type: "auto.browser.global_handlers.onerror", handled: false }, stacktrace: { frames } }] },
    debug_meta: { images: appFiles.map((file) => ({ type: "sourcemap", code_file: `https://shop.example.com/assets/${file}.min.js`, debug_id: app.bundles[file].debugId })) },
    breadcrumbs: Array.from({ length: 30 }, (_, index) => ({ timestamp: now / 1000 - (30 - index), category: "ui.click", message: `button#add-to-cart-${index}` })),
    request: { url: "https://shop.example.com/cart", headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36" } },
    contexts: { trace: { trace_id: randomUUID().replaceAll("-", ""), span_id: randomUUID().replaceAll("-", "").slice(0, 16) }, browser: { name: "Chrome", version: "156.0.0" }, os: { name: "Linux" } },
    user: { id: "u-1842", ip_address: "{{auto}}" },
    sdk: { name: "sentry.javascript.browser", version: "10.78.0" },
  };
  return Buffer.from(serializeEnvelope(createEventEnvelope(event, makeDsn(dsn), { sdk: { name: "sentry.javascript.browser", version: "10.78.0" } }, "/tunnel")));
}
