import { AnyMap, type TraceMap } from "@jridgewell/trace-mapping";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { readArtifactFile } from "./artifact-files";
import { findArtifactByDebugId, findArtifactsByUrl, listReleaseArtifactUrls, normalizeDebugId, type StoredArtifact } from "./find-artifacts";
import { indexFunctionScopes, type FunctionScopes } from "./function-scopes";
import { foundTtlMs, missingTtlMs, type BrokenMap, type CachedFile, type ParsedMap, type SourceMapCache } from "./source-map-cache";

/** Returned while an answer is not in the cache yet: the resolver leaves the frame and `load` fetches it. */
export const missing: unique symbol = Symbol("missing");
export type Maybe<T> = T | typeof missing;

type Miss =
  | { kind: "projects"; projectId: number }
  | { kind: "debugId"; projectId: number; debugId: string }
  | { kind: "urls"; projectId: number; release: string; dist: string | null; urls: string[] }
  | { kind: "bundleUrls"; projectId: number; bundleId: number; urls: string[] }
  | { kind: "releaseUrls"; projectId: number; release: string; dist: string | null }
  | { kind: "minifiedByDebugId"; projectId: number; debugId: string }
  | { kind: "file"; artifact: StoredArtifact; as: FileUse };

/** What a file is read as: a parsed map, its map reference, its lines, or its functions (a minified file). */
type FileUse = "map" | "reference" | "lines" | "scopes";

const artifactColumns = ["bundle_id", "url", "type", "debug_id", "sourcemap", "release", "dist", "file_sha1", "size"] as const;
/** Only the end of a minified file is searched for its `sourceMappingURL` comment (unless it is an inline map). */
const mapCommentPattern = /\/\/[#@][ \t]*sourceMappingURL=[ \t]*(\S+)[ \t]*$/gm;
const dataUriPattern = /^data:application\/json(?:;charset=[\w-]+)?(;base64)?,/i;

/**
 * The resolver's view of a project's uploaded files. It answers synchronously from the shared cache (and
 * from what it loaded itself, kept for its own lifetime even when the LRU had no room), and records what it
 * did not have; `load` then reads those from the database and the caller runs the resolver again. A warm
 * cache therefore costs digest no promise and no query, and a cold one a few rounds of reads.
 */
export class ArtifactSource {
  private readonly misses = new Map<string, Miss>();
  private readonly pinned = new Map<string, unknown>();
  /** Debug IDs as events spell them → their map, for this source's lifetime (the same few per batch). */
  private readonly byDebugId = new Map<string, StoredArtifact | null>();
  /** Bundles that resolved a frame in this source's lifetime. */
  readonly usedBundles = new Set<number>();

  constructor(private readonly cache: SourceMapCache) {}

  /** The used bundles whose last_used_at is due (once an hour per bundle and process). */
  dueBundleUses(): number[] {
    return [...this.usedBundles].filter((bundleId) => this.cache.isBundleUseDue(bundleId));
  }

  get hasMisses(): boolean {
    return this.misses.size > 0;
  }

  hasArtifacts(projectId: number): Maybe<boolean> {
    return this.lookup(`p:${projectId}`, { kind: "projects", projectId });
  }

  /** The `source_map` file with this debug ID (null: none uploaded). */
  mapByDebugId(projectId: number, debugId: string): Maybe<StoredArtifact | null> {
    const memoKey = `${projectId}:${debugId}`;
    const known = this.byDebugId.get(memoKey);
    if (known !== undefined) return known;
    const id = normalizeDebugId(debugId);
    if (id === null) return null;
    const found = this.lookup<StoredArtifact | null>(`d:${projectId}:${id}`, { kind: "debugId", projectId, debugId: id });
    if (found !== missing) this.byDebugId.set(memoKey, found);
    return found;
  }

  /** The minified file with this debug ID (null: only its map was uploaded, or nothing). */
  minifiedByDebugId(projectId: number, debugId: string): Maybe<StoredArtifact | null> {
    const id = normalizeDebugId(debugId);
    if (id === null) return null;
    return this.lookup<StoredArtifact | null>(`dm:${projectId}:${id}`, { kind: "minifiedByDebugId", projectId, debugId: id });
  }

  /** Files of the release with one of these URLs, newest bundle first. */
  filesByUrl(projectId: number, release: string, dist: string | null, urls: string[]): Maybe<StoredArtifact[]> {
    return this.lookup(`u:${projectId}:${release}\u0000${dist ?? ""}\u0000${dist === null ? 0 : 1}\u0000${urls.join("\u0000")}`, { kind: "urls", projectId, release, dist, urls });
  }

  /** Files of one bundle with one of these URLs (the sources beside a map). */
  filesInBundle(projectId: number, bundleId: number, urls: string[]): Maybe<StoredArtifact[]> {
    return this.lookup(`b:${projectId}:${bundleId}\u0000${urls.join("\u0000")}`, { kind: "bundleUrls", projectId, bundleId, urls });
  }

  /** Some of the release's URLs, for "closest names" in a diagnosis. */
  releaseUrls(projectId: number, release: string, dist: string | null): Maybe<string[]> {
    return this.lookup(`r:${projectId}:${release}\u0000${dist ?? ""}\u0000${dist === null ? 0 : 1}`, { kind: "releaseUrls", projectId, release, dist });
  }

  /** A stored source map, parsed (or why it cannot be). */
  map(artifact: StoredArtifact): Maybe<ParsedMap | BrokenMap> {
    const file = this.file(artifact, "map");
    return file === missing ? missing : (file as ParsedMap | BrokenMap);
  }

  /** The inline (`data:`) map of a minified file. */
  inlineMap(artifact: StoredArtifact): Maybe<ParsedMap | BrokenMap> {
    const file = this.file(artifact, "reference");
    if (file === missing) return missing;
    const inline = this.pinned.get(`i:${artifact.sha1}`) ?? this.cache.files.get(`i:${artifact.sha1}`);
    return (inline as ParsedMap | BrokenMap | undefined) ?? { kind: "broken", detail: "the inline map is no longer cached" };
  }

  /** A minified file's map URL: its `sourcemap` header, else its `//# sourceMappingURL=` comment; `data:` for an inline map. */
  mapReference(artifact: StoredArtifact): Maybe<string | null> {
    if (artifact.sourcemap) return artifact.sourcemap;
    const file = this.file(artifact, "reference");
    return file === missing ? missing : (file as { reference: string | null }).reference;
  }

  /** An uploaded source file's lines. */
  lines(artifact: StoredArtifact): Maybe<string[]> {
    const file = this.file(artifact, "lines");
    return file === missing ? missing : (file as { lines: string[] }).lines;
  }

  /** A minified file's functions, for naming frames by their enclosing function. */
  scopes(artifact: StoredArtifact): Maybe<FunctionScopes> {
    const file = this.file(artifact, "scopes");
    return file === missing ? missing : (file as FunctionScopes);
  }

  private lookup<T>(key: string, miss: Miss): Maybe<T> {
    if (this.pinned.has(key)) return this.pinned.get(key) as T;
    const hit = this.cache.lookups.get(key);
    if (hit) return hit.value as T;
    this.misses.set(key, miss);
    return missing;
  }

  private file(artifact: StoredArtifact, as: FileUse): Maybe<CachedFile> {
    const key = `${as === "scopes" ? "f" : as[0]}:${artifact.sha1}`;
    const value = (this.pinned.get(key) as CachedFile | undefined) ?? this.cache.files.get(key);
    if (value) return value;
    this.misses.set(key, { kind: "file", artifact, as });
    return missing;
  }

  /** Reads everything the last run missed (each answer kept for this source's lifetime and in the cache). */
  async load(db: Kysely<Database>): Promise<void> {
    const misses = [...this.misses];
    this.misses.clear();
    for (const [key, miss] of misses) {
      if (miss.kind === "file") await this.loadFile(db, key, miss.artifact, miss.as);
      else await this.loadLookup(db, key, miss);
    }
  }

  /** Which of these projects have bundles, in one query: most have none, and their events skip resolution. */
  async loadProjects(db: Kysely<Database>, projectIds: number[]): Promise<void> {
    const unknown = [...new Set(projectIds)].filter((id) => !this.pinned.has(`p:${id}`) && !this.cache.lookups.has(`p:${id}`));
    if (unknown.length === 0) return;
    const rows = await db.selectFrom("artifact_bundles").select("project_id").distinct().where("project_id", "in", unknown).execute();
    const withBundles = new Set(rows.map((row) => Number(row.project_id)));
    for (const id of unknown) this.remember(`p:${id}`, withBundles.has(id), missingTtlMs);
  }

  private remember(key: string, value: unknown, ttl: number): void {
    this.pinned.set(key, value);
    this.cache.lookups.set(key, { value }, { ttl });
  }

  private async loadLookup(db: Kysely<Database>, key: string, miss: Exclude<Miss, { kind: "file" }>): Promise<void> {
    switch (miss.kind) {
      case "projects":
        return this.loadProjects(db, [miss.projectId]);
      case "debugId": {
        const artifact = await findArtifactByDebugId(db, miss.projectId, miss.debugId, ["source_map"]);
        this.remember(key, artifact, artifact ? foundTtlMs : missingTtlMs);
        // The map is what the next run asks for: read it now rather than one run later.
        if (artifact) await this.loadFile(db, `m:${artifact.sha1}`, artifact, "map");
        return;
      }
      case "minifiedByDebugId": {
        const artifact = await findArtifactByDebugId(db, miss.projectId, miss.debugId, ["minified_source"]);
        return this.remember(key, artifact, artifact ? foundTtlMs : missingTtlMs);
      }
      case "urls": {
        const artifacts = await findArtifactsByUrl(db, miss.projectId, miss.release, miss.dist, miss.urls);
        return this.remember(key, artifacts, artifacts.length > 0 ? foundTtlMs : missingTtlMs);
      }
      case "bundleUrls": {
        const rows = await db.selectFrom("artifact_bundle_files").select(artifactColumns).where("project_id", "=", miss.projectId).where("bundle_id", "=", miss.bundleId).where("url", "in", miss.urls).limit(20).execute();
        const artifacts = rows.map((row): StoredArtifact => ({ bundleId: Number(row.bundle_id), url: row.url, type: row.type, debugId: row.debug_id, sourcemap: row.sourcemap, release: row.release, dist: row.dist, sha1: row.file_sha1, size: Number(row.size) }));
        return this.remember(key, artifacts, artifacts.length > 0 ? foundTtlMs : missingTtlMs);
      }
      case "releaseUrls":
        return this.remember(key, await listReleaseArtifactUrls(db, miss.projectId, miss.release, miss.dist), missingTtlMs);
    }
  }

  private async loadFile(db: Kysely<Database>, key: string, artifact: StoredArtifact, as: FileUse): Promise<void> {
    const bytes = await readArtifactFile(db, artifact.sha1);
    // Deleted meanwhile: remembered for this run only, so a new upload of the same file is read again.
    if (bytes === null) return void this.pinned.set(key, deletedFile(as));
    const text = bytes.toString("utf8");
    let value: CachedFile;
    if (as === "map") value = parseSourceMap(text);
    else if (as === "lines") value = { kind: "lines", lines: splitLines(text), size: text.length };
    else if (as === "scopes") value = indexFunctionScopes(text);
    else {
      const reference = findMapReference(text);
      value = { kind: "reference", reference: reference !== null && dataUriPattern.test(reference) ? "data:" : reference };
      if (reference !== null && dataUriPattern.test(reference)) this.keep(`i:${artifact.sha1}`, parseSourceMap(decodeDataUri(reference)));
    }
    this.keep(key, value);
  }

  private keep(key: string, value: CachedFile): void {
    this.pinned.set(key, value);
    this.cache.files.set(key, value);
  }
}

function deletedFile(as: FileUse): CachedFile {
  switch (as) {
    case "map":
      return { kind: "broken", detail: "its file was deleted" };
    case "lines":
      return { kind: "lines", lines: [], size: 0 };
    case "scopes":
      return indexFunctionScopes("");
    case "reference":
      return { kind: "reference", reference: null };
  }
}

export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** The last `sourceMappingURL` comment of a minified file (the bundler writes it at the end). */
export function findMapReference(text: string): string | null {
  const at = text.lastIndexOf("sourceMappingURL=");
  if (at === -1) return null;
  const lineStart = text.lastIndexOf("\n", at) + 1;
  mapCommentPattern.lastIndex = 0;
  const match = mapCommentPattern.exec(text.slice(lineStart));
  return match?.[1] ?? null;
}

function decodeDataUri(uri: string): string {
  const match = dataUriPattern.exec(uri);
  if (!match) return "";
  const body = uri.slice(match[0].length);
  try {
    return match[1] ? Buffer.from(body, "base64").toString("utf8") : decodeURIComponent(body);
  } catch {
    return "";
  }
}

/**
 * A map's text parsed and checked: JSON (an XSSI prefix `)]}'` allowed), version 3, with `mappings` and
 * `sources`, or an index map with `sections`. Never throws: a bad upload is a BrokenMap with the reason.
 */
export function parseSourceMap(text: string): ParsedMap | BrokenMap {
  const body = text.startsWith(")]}'") ? text.slice(text.indexOf("\n") + 1) : text.replace(/^\uFEFF/, "");
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { kind: "broken", detail: `not JSON (${(error as Error).message.slice(0, 120)})` };
  }
  if (json === null || typeof json !== "object" || Array.isArray(json)) return { kind: "broken", detail: "not a JSON object" };
  const raw = json as Record<string, unknown>;
  if (raw.version !== 3) return { kind: "broken", detail: `version ${JSON.stringify(raw.version ?? null)?.slice(0, 20)}, not 3` };
  const isIndexMap = Array.isArray(raw.sections);
  if (!isIndexMap && (typeof raw.mappings !== "string" || !Array.isArray(raw.sources))) return { kind: "broken", detail: "no mappings or sources" };
  let map: TraceMap;
  try {
    map = new AnyMap(raw as never);
  } catch (error) {
    return { kind: "broken", detail: `invalid (${(error as Error).message.slice(0, 120)})` };
  }
  return { kind: "map", map, size: text.length, lines: new Map(), paths: new Map(), contexts: new Map() };
}
