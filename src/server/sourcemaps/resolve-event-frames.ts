import type { FrameDiagnosis } from "@/lib/frame-diagnosis";
import { isRecord, type JsonObject } from "@/lib/json-values";
import { missing, type ArtifactSource, type Maybe } from "./artifact-source";
import type { StoredArtifact } from "./find-artifacts";
import { applyMappedPosition, cachedSourcePaths, closestUrls, identifierAt, mapPosition, mapUrlCandidates, originalScopeName, sourceLinesOf, urlCandidates } from "./resolve-frame";
import type { BrokenMap, ParsedMap } from "./source-map-cache";

/** Where a frame sits in the event: `exception.values[index]`, `threads.values[index]` or the top-level `stacktrace`. */
export type FrameContainer = "exception" | "thread" | "event";

export interface FrameReport {
  container: FrameContainer;
  index: number;
  /** The frame's index in its stacktrace's `frames` (oldest first, as stored). */
  frame: number;
  resolved: boolean;
  /** Why it stays minified (or, resolved, why it has no source context); null when nothing is wrong. */
  diagnosis: FrameDiagnosis | null;
}

export interface ResolutionReport {
  /** Frames rewritten with their original position by this run. */
  resolved: number;
  frames: FrameReport[];
}

export interface ResolveOptions {
  /** Describe the frames that stay minified (the issue page); digest only resolves. */
  diagnose: boolean;
}

interface Located {
  parsed: ParsedMap | BrokenMap;
  mapUrl: string;
  bundleId: number | null;
  release: string | null;
  dist: string | null;
  /** The map's uploaded URL and bundle, to find uploaded sources beside it. */
  mapArtifact: StoredArtifact | null;
  /** The minified file the frame ran in, when it was uploaded: its functions name the frame. */
  minified: StoredArtifact | null;
}

interface EventFacts {
  projectId: number;
  release: string | null;
  dist: string | null;
  debugIds: Map<string, string>;
  hasArtifacts: boolean;
}

/** Frames no map can help: engine internals and eval'd code. */
const unmappablePath = /^(?:node:|internal\/|native\b|<anonymous>|\[native code\]|eval code|blob:)/;

/**
 * Resolves the minified JavaScript frames of a (normalized) event in place with the project's uploaded
 * source maps — exception stack traces, threads and a top-level stack trace — and keeps each changed
 * stack trace's minified frames as its `raw_stacktrace`. Synchronous over an ArtifactSource: when the
 * source lacks something it records it, the frames that need it stay as they are, and the caller loads and
 * runs again on a fresh copy of the event (`source.hasMisses`). A missing or broken map, or a position
 * outside the map, leaves the frame minified; with `diagnose`, the report says why.
 */
export function resolveEventFrames(event: JsonObject, projectId: number, source: ArtifactSource, options: ResolveOptions): ResolutionReport {
  const report: ResolutionReport = { resolved: 0, frames: [] };
  const stacks = stacktracesOf(event);
  if (stacks.length === 0 || !stacks.some(({ stacktrace }) => hasJavaScriptFrame(stacktrace, event.platform))) return report;
  const hasArtifacts = source.hasArtifacts(projectId);
  if (hasArtifacts === missing) return report;
  // Most projects upload nothing: their events cost this one cached answer.
  if (!hasArtifacts && !options.diagnose) return report;
  const facts: EventFacts = {
    projectId,
    release: typeof event.release === "string" && event.release !== "" ? event.release : null,
    dist: typeof event.dist === "string" && event.dist !== "" ? event.dist : null,
    debugIds: debugIdsOf(event),
    hasArtifacts,
  };
  for (const { container, index, owner, stacktrace } of stacks) {
    const frames = stacktrace.frames as unknown[];
    // The minified frames that were replaced (resolution builds new frame objects).
    const originals = new Map<number, JsonObject>();
    let changed = 0;
    let callerName: string | null = null;
    for (let position = 0; position < frames.length; position++) {
      const frame = frames[position];
      const name = callerName;
      callerName = null;
      if (!isRecord(frame) || !isJavaScriptFrame(frame, event.platform)) continue;
      const outcome = resolveFrame(frame, facts, source, options, name);
      if (outcome === null) continue;
      if (outcome.frame) {
        originals.set(position, frame);
        frames[position] = outcome.frame;
        changed++;
      }
      callerName = outcome.calleeName;
      if (outcome.resolved || outcome.diagnosis) report.frames.push({ container, index, frame: position, resolved: outcome.resolved, diagnosis: outcome.diagnosis });
    }
    if (changed > 0 && !isRecord(owner.raw_stacktrace)) {
      owner.raw_stacktrace = { ...stacktrace, frames: frames.map((frame, position) => originals.get(position) ?? frame) };
    }
    report.resolved += changed;
  }
  return report;
}

interface FrameOutcome {
  resolved: boolean;
  /** The frame at its original position (resolved only). */
  frame?: JsonObject;
  diagnosis: FrameDiagnosis | null;
  /** The name the map gives the token this frame executes: the name of the function the next (newer) frame runs. */
  calleeName: string | null;
}

function resolveFrame(frame: JsonObject, facts: EventFacts, source: ArtifactSource, options: ResolveOptions, callerName: string | null): FrameOutcome | null {
  const { abs_path: absPath, lineno, colno } = frame;
  // Already resolved (digest did it, or the SDK sent original positions with a map flag).
  if (isRecord(frame.data) && typeof frame.data.sourcemap === "string") return null;
  if (typeof absPath !== "string" || absPath === "" || unmappablePath.test(absPath)) return null;
  if (typeof lineno !== "number" || typeof colno !== "number" || lineno < 1 || colno < 1) return null;
  const located = locateMap(absPath, facts, source, options);
  if (located === missing) return null;
  if ("code" in located) return { resolved: false, diagnosis: located, calleeName: null };
  const { parsed, mapUrl } = located;
  if (parsed.kind === "broken") return { resolved: false, diagnosis: { code: "malformed_map", mapUrl, detail: parsed.detail, release: located.release, dist: located.dist }, calleeName: null };
  const mapped = mapPosition(parsed, lineno, colno);
  if (mapped === null) return { resolved: false, diagnosis: { code: "position_outside_map", mapUrl, line: lineno, column: colno }, calleeName: null };
  let lines = sourceLinesOf(parsed, mapped.source);
  let diagnosis: FrameDiagnosis | null = null;
  if (lines === null) {
    const uploaded = uploadedSourceLines(mapped.source, located, facts, source);
    if (uploaded === missing) return null;
    lines = uploaded;
    if (lines === null) diagnosis = { code: "no_sources_content", mapUrl, source: mapped.source, release: located.release, dist: located.dist };
  }
  let scopeName: string | null = null;
  if (located.minified !== null) {
    const scopes = source.scopes(located.minified);
    if (scopes === missing) return null;
    // An uploaded source file stands in for the map's missing sourcesContent here too.
    scopeName = originalScopeName(parsed, scopes, lineno, colno, (name) => (name === mapped.source ? lines : sourceLinesOf(parsed, name)));
  }
  // Lines of an uploaded source file are not the map's: their contexts are not kept with it.
  const isMapsOwn = lines !== null && lines === sourceLinesOf(parsed, mapped.source);
  // The enclosing function's own name first; the name its caller used is all there is without the minified file.
  const resolved = applyMappedPosition(frame, mapped, { mapUrl, lines, functionName: scopeName ?? callerName, paths: cachedSourcePaths(parsed, mapped.source), parsed: isMapsOwn ? parsed : undefined });
  if (located.bundleId !== null) source.usedBundles.add(located.bundleId);
  return { resolved: true, frame: resolved, diagnosis, calleeName: mapped.name ?? identifierAt(lines?.[mapped.line - 1], mapped.column) };
}

/** The map for a frame: by the debug ID the SDK reported for its file, else by release and URL. */
function locateMap(absPath: string, facts: EventFacts, source: ArtifactSource, options: ResolveOptions): Maybe<Located | FrameDiagnosis> {
  const debugId = facts.debugIds.get(absPath) ?? null;
  if (debugId !== null && facts.hasArtifacts) {
    const artifact = source.mapByDebugId(facts.projectId, debugId);
    if (artifact === missing) return missing;
    if (artifact) {
      const parsed = source.map(artifact);
      if (parsed === missing) return missing;
      const minified = source.minifiedByDebugId(facts.projectId, debugId);
      if (minified === missing) return missing;
      return { parsed, mapUrl: artifact.url, bundleId: artifact.bundleId, release: artifact.release, dist: artifact.dist, mapArtifact: artifact, minified };
    }
  }
  if (facts.release === null) return debugId !== null ? { code: "debug_id_not_found", debugId } : { code: "no_debug_id_or_release" };
  const { release, dist, projectId } = facts;
  const candidates = urlCandidates(absPath);
  const shownUrl = candidates.find((url) => url.startsWith("~/") && !url.includes("?")) ?? absPath;
  const files = facts.hasArtifacts ? source.filesByUrl(projectId, release, dist, candidates) : [];
  if (files === missing) return missing;
  const file = firstByCandidate(files.filter((artifact) => artifact.type !== "source_map"), candidates);
  if (!file) {
    if (debugId !== null) return { code: "debug_id_not_found", debugId };
    if (!options.diagnose) return { code: "release_file_not_found", release, dist, url: shownUrl, closest: [] };
    const urls = facts.hasArtifacts ? source.releaseUrls(projectId, release, dist) : [];
    if (urls === missing) return missing;
    return { code: "release_file_not_found", release, dist, url: shownUrl, closest: closestUrls(urls, shownUrl) };
  }
  const reference = source.mapReference(file);
  if (reference === missing) return missing;
  if (reference === null) return { code: "no_sourcemap_reference", release, dist, fileUrl: file.url };
  if (reference.startsWith("data:")) {
    const parsed = source.inlineMap(file);
    if (parsed === missing) return missing;
    return { parsed, mapUrl: file.url, bundleId: file.bundleId, release, dist, mapArtifact: null, minified: file };
  }
  const mapCandidates = mapUrlCandidates(reference, absPath, file.url);
  const maps = source.filesByUrl(projectId, release, dist, mapCandidates);
  if (maps === missing) return missing;
  const mapFile = firstByCandidate(maps, mapCandidates);
  if (!mapFile) return { code: "sourcemap_not_found", release, dist, fileUrl: file.url, mapUrl: mapCandidates.find((url) => url.startsWith("~/")) ?? reference };
  const parsed = source.map(mapFile);
  if (parsed === missing) return missing;
  return { parsed, mapUrl: mapFile.url, bundleId: mapFile.bundleId, release, dist, mapArtifact: mapFile, minified: file };
}

/** Lines of an uploaded `source` file for a map's source URL (in the map's bundle, else the release). */
function uploadedSourceLines(sourceUrl: string, located: Located, facts: EventFacts, source: ArtifactSource): Maybe<string[] | null> {
  const candidates = located.mapArtifact ? mapUrlCandidates(sourceUrl, sourceUrl, located.mapArtifact.url) : urlCandidates(sourceUrl);
  let files: Maybe<StoredArtifact[]> = [];
  if (located.bundleId !== null) files = source.filesInBundle(facts.projectId, located.bundleId, candidates);
  if (files === missing) return missing;
  if (files.length === 0 && facts.release !== null) files = source.filesByUrl(facts.projectId, facts.release, facts.dist, candidates);
  if (files === missing) return missing;
  const file = firstByCandidate(files.filter((artifact) => artifact.type === "source" || artifact.type === "minified_source"), candidates);
  if (!file) return null;
  const lines = source.lines(file);
  return lines === missing ? missing : lines;
}

function firstByCandidate(artifacts: StoredArtifact[], candidates: string[]): StoredArtifact | null {
  for (const url of candidates) {
    const found = artifacts.find((artifact) => artifact.url === url);
    if (found) return found;
  }
  return null;
}

/** `debug_meta.images` of type sourcemap: the SDK's file URL → its debug ID. */
function debugIdsOf(event: JsonObject): Map<string, string> {
  const ids = new Map<string, string>();
  const images = isRecord(event.debug_meta) && Array.isArray(event.debug_meta.images) ? event.debug_meta.images : [];
  for (const image of images) {
    if (isRecord(image) && image.type === "sourcemap" && typeof image.code_file === "string" && typeof image.debug_id === "string") ids.set(image.code_file, image.debug_id);
  }
  return ids;
}

function isJavaScriptPlatform(platform: unknown): boolean {
  return platform === "javascript" || platform === "node";
}

function isJavaScriptFrame(frame: JsonObject, eventPlatform: unknown): boolean {
  return isJavaScriptPlatform(typeof frame.platform === "string" ? frame.platform : eventPlatform);
}

function hasJavaScriptFrame(stacktrace: JsonObject, eventPlatform: unknown): boolean {
  return (stacktrace.frames as unknown[]).some((frame) => isRecord(frame) && isJavaScriptFrame(frame, eventPlatform));
}

interface StackRef {
  container: FrameContainer;
  index: number;
  /** The object holding `stacktrace` (an exception, a thread, the event): `raw_stacktrace` goes beside it. */
  owner: JsonObject;
  stacktrace: JsonObject;
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return isRecord(value) && Array.isArray(value.values) ? value.values : [];
}

function stacktracesOf(event: JsonObject): StackRef[] {
  const stacks: StackRef[] = [];
  const add = (container: FrameContainer, index: number, owner: unknown) => {
    if (isRecord(owner) && isRecord(owner.stacktrace) && Array.isArray(owner.stacktrace.frames)) stacks.push({ container, index, owner, stacktrace: owner.stacktrace });
  };
  listOf(event.exception).forEach((exception, index) => add("exception", index, exception));
  listOf(event.threads).forEach((thread, index) => add("thread", index, thread));
  add("event", 0, event);
  return stacks;
}
