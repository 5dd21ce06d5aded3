// Per-event cost of digest's CPU steps on the realistic envelope of bench/ingest (24 frames, 30 breadcrumbs)
// and on a 250-frame stack (the most frames normalization keeps): JSON parse + normalization, grouping
// (built-in stack-trace rules, components, hashes), the tag pairs an issue counts (event-tag-pairs: Sentry's
// derived tags and the SDK's own), and payload storage (JSON + deflate); data scrubbing
// (default settings) is timed on its own, on a parsed copy. Prints µs per
// event as the median of several rounds after a warm-up, so one slow round does not decide the figure.
// "with source maps": the same event as a minified build sends it (24 frames in six bundles of real esbuild
// production builds, each with its debug ID, no context lines), resolved with the uploaded maps from a warm
// cache (one ArtifactSource per 50 events, as a digest batch), then grouped on the resolved frames.
// Run: npm run bench:digest-steps
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { constants, deflateSync } from "node:zlib";
import { normalizeEvent } from "../src/server/digest/normalize-event";
import { defaultScrubSettings, scrubEvent } from "../src/server/digest/scrub-event";
import { computeGrouping, emptyGroupingConfig } from "../src/server/grouping/compute-grouping";
import { userKeyOf } from "../src/server/digest/normalize-user";
import { eventTagPairs } from "../src/server/issues/event-tag-pairs";
import { isRecord } from "../src/lib/json-values";
import { jsonNestingDepth } from "../src/lib/json-nesting-depth";
import { parseEnvelope } from "../src/server/ingest/parse-envelope";
import { realisticEnvelope } from "./realistic-envelope.mjs";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { insertProject } from "../src/server/projects/insert-project";
import { ArtifactSource } from "../src/server/sourcemaps/artifact-source";
import { resolveEventFrames } from "../src/server/sourcemaps/resolve-event-frames";
import { resolveUntilLoaded } from "../src/server/sourcemaps/resolve-until-loaded";
import { SourceMapCache } from "../src/server/sourcemaps/source-map-cache";
import { insertArtifactBundle } from "../tests/support/insert-artifact-bundle";
import { buildMinifiedApp, framesOf, throwFromBuild } from "../tests/support/minified-build";

const dsn = "http://0123456789abcdef0123456789abcdef@localhost/1";
const eventsPerRound = 2000;
const rounds = 7;

function payloadOf(envelope: Uint8Array): string {
  return new TextDecoder().decode(parseEnvelope(envelope).items[0]!.payload);
}

function deepStack(payload: string): string {
  const event = JSON.parse(payload) as { exception: { values: { stacktrace: { frames: unknown[] } }[] } };
  const frames = event.exception.values[0]!.stacktrace.frames;
  event.exception.values[0]!.stacktrace.frames = Array.from({ length: 250 }, (_, index) => ({ ...(frames[index % frames.length] as object), lineno: index + 1 }));
  return JSON.stringify(event);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Resolution {
  cache: SourceMapCache;
  projectId: number;
  /** Reads again what the cache keeps only for seconds (a digest batch does this as it starts), untimed. */
  refresh: () => Promise<void>;
}

async function measure(name: string, payload: string, resolution?: Resolution): Promise<void> {
  const times = { scrub: [] as number[], normalize: [] as number[], resolve: [] as number[], grouping: [] as number[], tags: [] as number[], store: [] as number[] };
  const payloadBytes = new TextEncoder().encode(payload);
  for (let round = 0; round < rounds + 1; round++) {
    const parsed = Array.from({ length: eventsPerRound }, () => JSON.parse(payload) as Record<string, unknown>);
    let start = performance.now();
    for (const event of parsed) scrubEvent(event, defaultScrubSettings);
    const scrub = (performance.now() - start) / eventsPerRound;
    start = performance.now();
    const events = [];
    const normalizedEvents = [];
    for (let index = 0; index < eventsPerRound; index++) {
      // As digest does: the depth of the payload's text decides whether normalization walks it for depth.
      const normalized = normalizeEvent(JSON.parse(payload), { receivedAt: Date.now(), payloadDepth: jsonNestingDepth(payloadBytes) });
      normalizedEvents.push(normalized);
      events.push(normalized.event);
    }
    const normalize = (performance.now() - start) / eventsPerRound;
    await resolution?.refresh();
    start = performance.now();
    let resolvedFrames = 0;
    if (resolution) {
      for (let batch = 0; batch < events.length; batch += 50) {
        const source = new ArtifactSource(resolution.cache);
        for (const event of events.slice(batch, batch + 50)) resolvedFrames += resolveEventFrames(event, resolution.projectId, source, { diagnose: false }).resolved;
        if (source.hasMisses) throw new Error("the cache is not warm");
      }
      if (resolvedFrames !== eventsPerRound * 24) throw new Error(`resolved ${resolvedFrames} frames, expected ${eventsPerRound * 24}`);
    }
    const resolve = (performance.now() - start) / eventsPerRound;
    start = performance.now();
    for (const event of events) computeGrouping(event, emptyGroupingConfig);
    const grouping = (performance.now() - start) / eventsPerRound;
    start = performance.now();
    for (const normalized of normalizedEvents) eventTagPairs(normalized.event, { ...normalized, userKey: userKeyOf(isRecord(normalized.event.user) ? normalized.event.user : null) });
    const tags = (performance.now() - start) / eventsPerRound;
    start = performance.now();
    for (const event of events) deflateSync(JSON.stringify(event), { level: constants.Z_BEST_SPEED });
    const store = (performance.now() - start) / eventsPerRound;
    if (round === 0) continue; // warm-up
    times.scrub.push(scrub * 1000);
    times.normalize.push(normalize * 1000);
    times.resolve.push(resolve * 1000);
    times.grouping.push(grouping * 1000);
    times.tags.push(tags * 1000);
    times.store.push(store * 1000);
  }
  const [scrub, normalize, resolve, grouping, tags, store] = [median(times.scrub), median(times.normalize), median(times.resolve), median(times.grouping), median(times.tags), median(times.store)];
  const total = scrub + normalize + resolve + grouping + tags + store;
  const resolveText = resolution ? `   source maps ${resolve.toFixed(0).padStart(4)} µs (${((resolve / total) * 100).toFixed(1)} %)` : "";
  console.log(`${name.padEnd(26)} scrub ${scrub.toFixed(0).padStart(4)} µs   parse+normalize ${normalize.toFixed(0).padStart(5)} µs${resolveText}   grouping ${grouping.toFixed(0).padStart(5)} µs   tags ${tags.toFixed(0).padStart(3)} µs   JSON+deflate ${store.toFixed(0).padStart(4)} µs   total ${total.toFixed(0).padStart(5)} µs/event`);
}

/**
 * The realistic event as six minified bundles send it (24 frames, debug IDs in debug_meta), the bundles'
 * files and maps stored in a scratch SQLite database, and a cache warmed by one resolution.
 */
async function minifiedVariant(payload: string): Promise<{ payload: string; resolution: Resolution; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "lantern-bench-maps-"));
  const database = createDatabase({ dialect: "sqlite", path: join(dir, "bench.db") });
  await migrateToLatest(database.db);
  const projectId = (await insertProject(database.db, { name: "bench" })).project.id;
  const event = JSON.parse(payload) as { exception: { values: { stacktrace: { frames: Record<string, unknown>[] } }[] }; debug_meta?: unknown };
  const images: { type: string; code_file: string; debug_id: string }[] = [];
  const positions: { url: string; lineno: number; colno: number; function: string }[][] = [];
  for (let bundle = 0; bundle < 6; bundle++) {
    const build = await buildMinifiedApp(bundle + 1);
    const url = `https://shop.example.com/_next/static/chunks/bundle-${bundle}.js`;
    const debugId = randomUUID();
    await insertArtifactBundle(database.db, projectId, [
      { url: `~/_next/static/chunks/bundle-${bundle}.js`, type: "minified_source", content: build.code, debugId, sourcemap: `bundle-${bundle}.js.map` },
      { url: `~/_next/static/chunks/bundle-${bundle}.js.map`, type: "source_map", content: build.map, debugId },
    ]);
    images.push({ type: "sourcemap", code_file: url, debug_id: debugId });
    positions.push(framesOf(await throwFromBuild(build), build, url).flatMap((frame) => (frame.lineno ? [{ url, lineno: frame.lineno, colno: frame.colno!, function: frame.function ?? "?" }] : [])));
  }
  event.exception.values[0]!.stacktrace.frames = Array.from({ length: 24 }, (_, index) => {
    const position = positions[index % 6]![Math.floor(index / 6) % positions[index % 6]!.length]!;
    return { filename: position.url, function: position.function, lineno: position.lineno, colno: position.colno };
  });
  event.debug_meta = { images };
  const minified = JSON.stringify(event);
  const cache = new SourceMapCache(128 * 1024 * 1024);
  const refresh = async () => {
    const source = new ArtifactSource(cache);
    await source.loadProjects(database.db, [projectId]);
    await resolveUntilLoaded(source, database.db, () => resolveEventFrames(normalizeEvent(JSON.parse(minified), { receivedAt: Date.now() }).event, projectId, source, { diagnose: false }));
  };
  await refresh();
  return { payload: minified, resolution: { cache, projectId, refresh }, close: async () => (await database.db.destroy(), rmSync(dir, { recursive: true, force: true })) };
}

const realistic = payloadOf(realisticEnvelope(dsn));
await measure("realistic (24 frames)", realistic);
await measure("deep (250 frames)", deepStack(realistic));
const withMaps = await minifiedVariant(realistic);
await measure("minified, no maps (24)", withMaps.payload);
await measure("with source maps (24)", withMaps.payload, withMaps.resolution);
await withMaps.close();
