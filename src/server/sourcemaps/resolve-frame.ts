import { GREATEST_LOWER_BOUND, LEAST_UPPER_BOUND, originalPositionFor, sourceContentFor, traceSegment } from "@jridgewell/trace-mapping";
import { isRecord, type JsonObject } from "@/lib/json-values";
import { charLimits, trimString } from "../digest/trim-string";
import { scopeAt, type FunctionScopes } from "./function-scopes";
import type { FrameContext, ParsedMap } from "./source-map-cache";

/** A 1-based line and 0-based column in an original source, as the map says. */
export interface MappedPosition {
  source: string;
  line: number;
  column: number;
  name: string | null;
}

const contextLines = 5;
const tildeBase = "https://tilde.invalid";

/**
 * Where a minified position came from. The nearest mapping at or left of the column (the token the column
 * falls in); a column before the line's first mapping takes the first one to its right.
 */
export function mapPosition(parsed: ParsedMap, lineno: number, colno: number): MappedPosition | null {
  const needle = { line: lineno, column: Math.max(0, colno - 1) };
  let found = originalPositionFor(parsed.map, { ...needle, bias: GREATEST_LOWER_BOUND });
  if (found.source === null) found = originalPositionFor(parsed.map, { ...needle, bias: LEAST_UPPER_BOUND });
  if (found.source === null || found.line === null || found.column === null) return null;
  return { source: found.source, line: found.line, column: found.column, name: found.name };
}

/** The lines of one source from the map's sourcesContent (null: the map has none for it). */
export function sourceLinesOf(parsed: ParsedMap, source: string): string[] | null {
  if (parsed.lines.has(source)) return parsed.lines.get(source) ?? null;
  let content: string | null = null;
  try {
    content = sourceContentFor(parsed.map, source);
  } catch {
    content = null;
  }
  const lines = typeof content === "string" ? content.split(/\r\n|\r|\n/) : null;
  parsed.lines.set(source, lines);
  return lines;
}

/**
 * The URLs an uploaded file may carry for a frame's `abs_path`, most exact first: as sent, without its query
 * and fragment, then `~/` + the path (any host), with and without the query. A server path (`/app/x.js`)
 * is tried as `~/app/x.js` too.
 */
export function urlCandidates(absPath: string): string[] {
  const candidates = [absPath];
  const bare = absPath.replace(/[?#].*$/s, "");
  candidates.push(bare);
  if (absPath.startsWith("~/")) return [...new Set(candidates)];
  if (absPath.startsWith("/")) candidates.push(`~${absPath}`, `~${bare}`);
  else {
    try {
      const url = new URL(absPath);
      if (url.pathname.startsWith("/")) {
        candidates.push(`~${url.pathname}${url.search}`, `~${url.pathname}`);
        const decoded = safeDecode(url.pathname);
        if (decoded !== url.pathname) candidates.push(`~${decoded}`);
      }
    } catch {
      // Not a URL: only the exact forms above.
    }
  }
  return [...new Set(candidates)];
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The URLs a map reference (a `Sourcemap` header or `sourceMappingURL`) may be uploaded under: resolved
 * against the frame's URL and against the minified file's uploaded URL (`~/assets/app.js` + `app.js.map` →
 * `~/assets/app.js.map`).
 */
export function mapUrlCandidates(reference: string, absPath: string, fileUrl: string): string[] {
  const candidates: string[] = [];
  const against = (base: string): string | null => {
    try {
      return new URL(reference, base).href;
    } catch {
      return null;
    }
  };
  const fromFrame = against(absPath.startsWith("/") ? `file://${absPath}` : absPath);
  if (fromFrame) candidates.push(...urlCandidates(fromFrame));
  if (fileUrl.startsWith("~/")) {
    const fromFile = against(tildeBase + fileUrl.slice(1));
    if (fromFile?.startsWith(tildeBase)) candidates.push(`~${fromFile.slice(tildeBase.length)}`.replace(/[?#].*$/s, ""));
  } else {
    const fromFile = against(fileUrl);
    if (fromFile) candidates.push(...urlCandidates(fromFile));
  }
  if (candidates.length === 0) candidates.push(reference);
  return [...new Set(candidates)];
}

/**
 * A source URL as a short path: `webpack://app/./src/x.ts` → `./src/x.ts`, `app:///src/x.ts` → `/src/x.ts`,
 * Turbopack's `turbopack:///[project]/src/x.ts` → `src/x.ts`.
 */
export function shortenSourcePath(source: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/([^/]*)(\/.*)?$/i.exec(source);
  if (!scheme) return source;
  const [, protocol, host, path = "/"] = scheme;
  if (protocol!.toLowerCase() === "turbopack" && path.startsWith("/[project]/")) return path.slice("/[project]/".length);
  if (protocol!.toLowerCase() === "webpack" || protocol!.toLowerCase() === "app") return path.startsWith("/./") || path.startsWith("/../") ? path.slice(1) : path;
  return host !== "" || protocol!.toLowerCase() === "file" ? path : source;
}

/** Library and bundler-runtime sources are not the app's own code. */
export function isInAppSource(source: string): boolean {
  return !/(^|[/\\])node_modules([/\\]|$)|webpack\/runtime|webpack\/bootstrap|^turbopack:\/\/\/\[turbopack\]\//.test(source);
}

const notNames = new Set(["new", "throw", "return", "await", "typeof", "void", "delete", "yield", "this", "super", "function", "class", "async", "if", "else", "for", "while", "do", "switch", "case", "try", "catch", "finally", "in", "of", "instanceof", "var", "let", "const", "import", "export", "default"]);

/** The identifier a mapping points at in its source line (minifiers name only renamed identifiers in `names`). */
export function identifierAt(line: string | undefined, column: number): string | null {
  if (line === undefined) return null;
  const match = /^[A-Za-z_$][\w$]*/.exec(line.slice(column, column + 256));
  return match && !notNames.has(match[0]) ? match[0] : null;
}

/**
 * The original name of the function a minified position runs in: the innermost function around it in the
 * minified file, its name token mapped back (a method is `Class.method`). Null for top-level code, an anonymous
 * function, or a name token the map does not cover.
 */
export function originalScopeName(parsed: ParsedMap, scopes: FunctionScopes, lineno: number, colno: number, linesOf: (source: string) => string[] | null = (source) => sourceLinesOf(parsed, source)): string | null {
  const scope = scopeAt(scopes, lineno, colno - 1);
  if (!scope?.name) return null;
  const name = originalNameAt(parsed, scope.name.line, scope.name.column, linesOf);
  if (name === null) return null;
  const owner = scope.owner ? originalNameAt(parsed, scope.owner.line, scope.owner.column, linesOf) : null;
  return owner ? `${owner}.${name}` : name;
}

/** The original identifier at a generated token: the map's `names` entry, else the identifier in the source there. */
function originalNameAt(parsed: ParsedMap, line: number, column: number, linesOf: (source: string) => string[] | null): string | null {
  const segment: readonly number[] | null = traceSegment(parsed.map, line - 1, column);
  if (!segment) return null;
  const [generatedColumn, sourceIndex, sourceLine, sourceColumn, nameIndex] = segment;
  // Only a mapping that starts at the token itself: one to its left maps some other token.
  if (generatedColumn !== column || sourceIndex === undefined || sourceLine === undefined || sourceColumn === undefined) return null;
  if (nameIndex !== undefined) return parsed.map.names[nameIndex] ?? null;
  const source = parsed.map.resolvedSources[sourceIndex];
  return source === undefined ? null : identifierAt(linesOf(source)?.[sourceLine], sourceColumn);
}

/**
 * The frame at its original position: source URL, short path, line and column (1-based), five lines of
 * context either side when there are lines, the caller's name for it when known, in-app from the path, and
 * `data.sourcemap` (grouping then lets the context line speak instead of the name, §5.4). The minified
 * file's module name no longer describes the frame and goes; every other field is kept. A new object: the
 * minified frame stays as it was (it becomes the raw stack trace), and adding fields to a frame that
 * normalization copied cost V8 about 6 µs a frame, building one about 0.3 µs (bench:digest-steps).
 */
export function applyMappedPosition(frame: JsonObject, mapped: MappedPosition, options: { mapUrl: string; lines: string[] | null; functionName: string | null; paths?: SourcePaths; parsed?: ParsedMap }): JsonObject {
  const paths = options.paths ?? sourcePathsOf(mapped.source);
  const context = options.lines ? contextAt(options.lines, mapped, options.parsed) : null;
  const resolved: JsonObject = {
    filename: paths.filename,
    abs_path: paths.absPath,
    function: options.functionName ? trimString(options.functionName, charLimits.symbol) : frame.function,
    module: undefined,
    lineno: mapped.line,
    colno: mapped.column + 1,
    // undefined is not stored: a frame without lines has no context.
    context_line: context?.contextLine,
    pre_context: context?.preContext,
    post_context: context?.postContext,
    in_app: paths.isInApp,
    data: { ...(isRecord(frame.data) ? frame.data : {}), sourcemap: trimString(options.mapUrl, charLimits.path) },
  };
  for (const key in frame) if (!Object.hasOwn(resolved, key)) resolved[key] = frame[key];
  return resolved;
}

const maxContextsPerMap = 10_000;

/** Five lines either side of the mapped line, made once per map, source and line. */
function contextAt(lines: string[], mapped: MappedPosition, parsed: ParsedMap | undefined): FrameContext | null {
  if (mapped.line < 1 || mapped.line > lines.length) return null;
  const key = `${mapped.line}\u0000${mapped.source}`;
  const known = parsed?.contexts.get(key);
  if (known) return known;
  const index = mapped.line - 1;
  const context = {
    contextLine: trimString(lines[index]!, charLimits.message),
    preContext: lines.slice(Math.max(0, index - contextLines), index).map((text) => trimString(text, charLimits.message)),
    postContext: lines.slice(index + 1, index + 1 + contextLines).map((text) => trimString(text, charLimits.message)),
  };
  if (parsed && parsed.contexts.size < maxContextsPerMap) parsed.contexts.set(key, context);
  return context;
}

/** What a resolved frame takes from its source URL; the same few sources recur in every event. */
export interface SourcePaths {
  absPath: string;
  filename: string;
  isInApp: boolean;
}

export function sourcePathsOf(source: string): SourcePaths {
  return { absPath: trimString(source, charLimits.path), filename: trimString(shortenSourcePath(source), charLimits.path), isInApp: isInAppSource(source) };
}

/** The source's paths, worked out once per parsed map. */
export function cachedSourcePaths(parsed: ParsedMap, source: string): SourcePaths {
  let paths = parsed.paths.get(source);
  if (!paths) {
    paths = sourcePathsOf(source);
    parsed.paths.set(source, paths);
  }
  return paths;
}

/** Uploaded URLs like `url`: same file name first, then by edit distance of the names and shared path. */
export function closestUrls(urls: string[], url: string, limit = 3): string[] {
  const nameOf = (path: string) => path.replace(/[?#].*$/s, "").slice(path.lastIndexOf("/") + 1);
  const target = nameOf(url);
  const scored = urls
    .filter((candidate) => candidate !== url)
    .map((candidate) => ({ candidate, distance: editDistance(nameOf(candidate), target, 64), suffix: commonSuffixLength(candidate, url) }))
    .filter(({ distance }) => distance <= Math.max(3, Math.floor(target.length / 2)));
  scored.sort((a, b) => a.distance - b.distance || b.suffix - a.suffix || a.candidate.localeCompare(b.candidate));
  return scored.slice(0, limit).map(({ candidate }) => candidate);
}

function commonSuffixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[a.length - 1 - length] === b[b.length - 1 - length]) length++;
  return length;
}

/** Levenshtein distance of two short names (cut at `cap` characters each). */
export function editDistance(a: string, b: string, cap: number): number {
  const left = a.slice(0, cap);
  const right = b.slice(0, cap);
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[right.length]!;
}
