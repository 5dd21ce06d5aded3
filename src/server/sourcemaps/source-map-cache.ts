import type { TraceMap } from "@jridgewell/trace-mapping";
import { LRUCache } from "lru-cache";
import type { FunctionScopes } from "./function-scopes";

/** A parsed source map, kept by the sha1 of its file (content-addressed, so it never goes stale). */
export interface ParsedMap {
  kind: "map";
  map: TraceMap;
  /** The map's text length: what the cache counts it as. */
  size: number;
  /** sourcesContent split into lines, by source URL, split when first needed. */
  lines: Map<string, string[] | null>;
  /** Each source's abs_path, filename and in_app, worked out when first needed. */
  paths: Map<string, { absPath: string; filename: string; isInApp: boolean }>;
  /** Source context by source and line, shared by the frames that show it (never changed once made). */
  contexts: Map<string, FrameContext>;
}

/** A frame's source context: its line and five either side. */
export interface FrameContext {
  contextLine: string;
  preContext: string[];
  postContext: string[];
}

/** A map that could not be read, remembered as such so a broken upload costs one parse. */
export interface BrokenMap {
  kind: "broken";
  detail: string;
}

export type CachedFile = ParsedMap | BrokenMap | FunctionScopes | { kind: "reference"; reference: string | null } | { kind: "lines"; lines: string[]; size: number };

/** How long a database answer is trusted: found rows a minute, "nothing there" a few seconds (uploads arrive). */
export const foundTtlMs = 60_000;
export const missingTtlMs = 5_000;
/** last_used_at of a bundle is written at most this often (retention keeps bundles that resolve frames). */
export const bundleUseIntervalMs = 3_600_000;

/**
 * What resolution keeps between events, one per process (the digest thread's, and the pages'): parsed maps
 * and other file contents in an LRU bounded by their text length (`config.sourceMaps.cacheBytes`), and the
 * database's answers to lookups — by debug ID, by release and URL, "does this project have bundles at all"
 * — in a second, small LRU with a time to live, so a new upload is seen within seconds.
 */
export class SourceMapCache {
  readonly files: LRUCache<string, CachedFile>;
  /** Keys hold URLs from events; values are a few file rows (at most 50) or a release's URLs (at most 500). */
  readonly lookups = new LRUCache<string, { value: unknown }>({
    max: 20_000,
    maxSize: 16_000_000,
    sizeCalculation: ({ value }, key) => key.length + 64 + (Array.isArray(value) ? value.length * 320 : 0),
  });
  private readonly bundleUses = new LRUCache<number, number>({ max: 50_000 });

  constructor(readonly maxBytes: number) {
    this.files = new LRUCache<string, CachedFile>({
      max: 100_000,
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (value, key) => key.length + (value.kind === "map" || value.kind === "lines" || value.kind === "scopes" ? Math.max(1, value.size) : 256),
    });
  }

  /** True once an hour per bundle: then its last_used_at is due to be written. */
  isBundleUseDue(bundleId: number, now = Date.now()): boolean {
    const last = this.bundleUses.get(bundleId);
    if (last !== undefined && now - last < bundleUseIntervalMs) return false;
    this.bundleUses.set(bundleId, now);
    return true;
  }
}

/** LANTERN_SOURCEMAP_CACHE's default, for callers started without the configuration (tests, `lantern digest`). */
export const defaultSourceMapCacheBytes = 128 * 1024 * 1024;

/**
 * On globalThis: under `lantern start` the plain server and Next's route bundles are separate module
 * instances in one thread, and an upload through the API must reach the cache the issue page reads.
 */
const processCacheKey = Symbol.for("lantern.sourceMapCache");
const holder = globalThis as typeof globalThis & { [processCacheKey]?: SourceMapCache };

/** This thread's cache; the first caller's size wins. */
export function processSourceMapCache(maxBytes = defaultSourceMapCacheBytes): SourceMapCache {
  holder[processCacheKey] ??= new SourceMapCache(maxBytes);
  return holder[processCacheKey];
}

/**
 * After an upload or a delete: this thread forgets the database's answers (not the parsed files, which are
 * content-addressed), so a person who uploads and reloads the issue page sees the frame resolved at once
 * rather than "no bundle with debug ID X" for the few seconds such an answer is trusted. The digest thread
 * keeps its own and sees the upload within `missingTtlMs`.
 */
export function forgetSourceMapLookups(): void {
  holder[processCacheKey]?.lookups.clear();
}
