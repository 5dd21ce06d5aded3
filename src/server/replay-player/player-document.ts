import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { recordingPath } from "@/lib/replays/recording-path";
import { playerDocumentStyles, playerGlueScript, playerLoaderScript } from "./player-glue";

/**
 * The isolated replay player, in three frames. The replay page frames the loader document served at
 * `/replays/player` (sandboxed: no forms, popups, dialogs or top navigation; its own strict CSP, repeated
 * as the CSP `sandbox` directive so it stays sandboxed when opened top-level). The loader creates the player
 * as a `data:` frame — an opaque origin, so nothing in it can reach Lantern's cookies, storage or pages — in
 * which rrweb-player runs; rrweb replays the recorded DOM into its own about:blank frame (sandbox
 * allow-same-origin, no scripts) inside it. Both inherit the loader's policy: only the player's own scripts
 * run, and nothing is loaded from the network, so a recorded `<img src>` or stylesheet calls no one — unless
 * the viewer opted in for that replay (`remote`), which allows http(s) images, styles and fonts, never
 * scripts, frames, forms or connections. (Why not one opaque frame: see playerLoaderScript.)
 */

export type PlayerAssetName = "rrweb-player.js" | "rrweb-player.css" | "player.js" | "player.css" | "loader.js";

interface PlayerAsset {
  body: Buffer;
  contentType: string;
  /** Part of the asset's URL, so it can be cached for good. */
  version: string;
}

const assetBase = "/replays/player/assets/";

/**
 * A file of an installed package, read at run time (the bundler is not asked to resolve it): from the
 * installation `lantern start` runs in (cli/lantern.mjs's folder's parent), else the working directory
 * (next dev, tests).
 */
function packageFile(relativePath: string): Buffer {
  const script = process.argv[1];
  const candidates = [...(script && /lantern\.mjs$/.test(script) ? [join(dirname(script), "..", "node_modules", relativePath)] : []), join(process.cwd(), "node_modules", relativePath)];
  for (const candidate of candidates) if (existsSync(candidate)) return readFileSync(candidate);
  throw new Error(`The replay player needs ${relativePath}: run npm install.`);
}

function withoutSourceMapComment(source: Buffer): Buffer {
  return Buffer.from(source.toString("utf8").replace(/\n\/\/# sourceMappingURL=[^\n]*\s*$/, "\n"));
}

const assetLoaders: Record<PlayerAssetName, () => { body: Buffer; contentType: string }> = {
  "rrweb-player.js": () => ({ body: withoutSourceMapComment(packageFile("rrweb-player/dist/rrweb-player.umd.min.cjs")), contentType: "text/javascript; charset=utf-8" }),
  "rrweb-player.css": () => ({ body: Buffer.from(packageFile("rrweb-player/dist/style.min.css").toString("utf8").replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, "")), contentType: "text/css; charset=utf-8" }),
  "player.js": () => ({ body: Buffer.from(playerGlueScript), contentType: "text/javascript; charset=utf-8" }),
  "player.css": () => ({ body: Buffer.from(playerDocumentStyles), contentType: "text/css; charset=utf-8" }),
  "loader.js": () => ({ body: Buffer.from(playerLoaderScript), contentType: "text/javascript; charset=utf-8" }),
};

const loadedAssets = new Map<PlayerAssetName, PlayerAsset>();

export function isPlayerAssetName(name: string): name is PlayerAssetName {
  return Object.hasOwn(assetLoaders, name);
}

/** One of the player's static files, read once per process. */
export function readPlayerAsset(name: PlayerAssetName): PlayerAsset {
  let asset = loadedAssets.get(name);
  if (!asset) {
    const loaded = assetLoaders[name]();
    asset = { ...loaded, version: createHash("sha256").update(loaded.body).digest("hex").slice(0, 16) };
    loadedAssets.set(name, asset);
  }
  return asset;
}

function assetUrl(name: PlayerAssetName): string {
  return `${assetBase}${name}?v=${readPlayerAsset(name).version}`;
}

const hostPattern = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The player document's policy. Scripts and the player's stylesheet come only from the assets path of the
 * host the frame was loaded from (a host-source without scheme: http or https as the page was served);
 * recorded CSS arrives as `<style>` text, hence 'unsafe-inline' for styles (styles cannot run code).
 */
export function playerContentSecurityPolicy(host: string, remote: boolean, replayId: string | null = null): string {
  // A Host header is the requester's own, but one with spaces or semicolons must not add directives.
  const assets = hostPattern.test(host) ? `${host}${assetBase}` : "'none'";
  // The loader fetches this one replay's recording itself (with the viewer's session), so the first frame does not
  // wait for the replay page to hydrate; nothing else may be fetched, by it or any frame below it.
  const recording = replayId !== null && replayIdPattern.test(replayId) && hostPattern.test(host) ? `${host}${recordingPath(replayId)}` : "'none'";
  const remoteSources = remote ? " https: http:" : "";
  return [
    // allow-same-origin keeps the loader's own origin (it frames the player as data:); no forms, popups,
    // dialogs or top navigation for it or any frame inside it.
    "sandbox allow-scripts allow-same-origin",
    "default-src 'none'",
    `script-src ${assets}`,
    `style-src ${assets} 'unsafe-inline'${remoteSources}`,
    `img-src data: blob:${remoteSources}`,
    `font-src data:${remoteSources}`,
    "media-src blob: data:",
    `connect-src ${recording}`,
    "object-src 'none'",
    "worker-src 'none'",
    "manifest-src 'none'",
    "frame-src data:",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}

const replayIdPattern = /^[0-9a-f]{32}$/;

/** Header values for the player document. The host must be what the browser asked for (the Host header). */
export function playerDocumentHeaders(host: string, remote: boolean, replayId: string | null = null): Record<string, string> {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": playerContentSecurityPolicy(host, remote, replayId),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
  };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The loader document; the player's own document is built by the loader (see playerLoaderScript). With a
 * replay id the loader fetches that recording and starts the player at `atMs` as soon as both are there.
 */
export function playerDocumentHtml(start: { replayId: string; atMs: number } | null = null): string {
  const recording = start !== null && replayIdPattern.test(start.replayId) ? { recording: recordingPath(start.replayId), atMs: Math.max(0, Math.round(start.atMs)) || 0 } : {};
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>Replay player</title>
<link rel="stylesheet" href="${assetUrl("player.css")}">
</head>
<body data-assets="${escapeHtml(JSON.stringify({ player: assetUrl("rrweb-player.js"), glue: assetUrl("player.js"), styles: assetUrl("player.css"), playerStyles: assetUrl("rrweb-player.css"), ...recording }))}">
<script src="${assetUrl("loader.js")}"></script>
</body>
</html>
`;
}

/** Headers for a player asset: cached for good (its URL carries its hash), never sniffed. */
export function playerAssetHeaders(asset: PlayerAsset): Record<string, string> {
  return {
    "Content-Type": asset.contentType,
    "Content-Length": String(asset.body.length),
    "X-Content-Type-Options": "nosniff",
    // No Cross-Origin-Resource-Policy: the player frame's origin is opaque, so its requests are cross-origin.
    "Cache-Control": "public, max-age=31536000, immutable",
  };
}
