import { LRUCache } from "lru-cache";
import type { ErrorCollector } from "./collect-errors";
import { isRecord, lenientString, type JsonObject } from "@/lib/json-values";
import { bagLimits, trimDatabag } from "./trim-databag";
import { charLimits, trimString, type CharLimit } from "./trim-string";

/** Relay's hard limit per stacktrace, and the number of frames that keep vars and surrounding context. */
export const maxFrames = 250;
const frameDataAllowance = 50;

const stringFields: [string, CharLimit][] = [
  ["function", charLimits.symbol],
  ["raw_function", charLimits.symbol],
  ["symbol", charLimits.symbol],
  ["module", charLimits.path],
  ["package", charLimits.path],
  ["filename", charLimits.path],
  ["abs_path", charLimits.path],
  // Not a Relay limit: minified bundles have megabyte-long lines, and the UI shows one line.
  ["context_line", charLimits.message],
];

/** Only these URL schemes give `filename` their path; `app://`, `webpack://` and `blob:` keep the whole URL. */
const urlSchemes = /^(?:file|https?|applewebdata):/i;

/** Returns the normalized stacktrace, or null when it has no usable frames. */
export function normalizeStacktrace(raw: unknown, path: string, errors: ErrorCollector): JsonObject | null {
  if (raw === undefined || raw === null) return null;
  if (!isRecord(raw) || !Array.isArray(raw.frames)) {
    errors.add("invalid_data", path, isRecord(raw) ? raw.frames : raw);
    return null;
  }
  let rawFrames: unknown[] = raw.frames;
  // Keep the oldest frames and the crashing (last) one; the hard limit goes first so the rest stays cheap.
  if (rawFrames.length > maxFrames) rawFrames = [...rawFrames.slice(0, maxFrames - 1), rawFrames[rawFrames.length - 1]];
  const frames: JsonObject[] = [];
  let dropped = 0;
  for (let index = 0; index < rawFrames.length; index++) {
    const frame = rawFrames[index];
    if (isRecord(frame)) frames.push(normalizeFrame(frame, `${path}.frames.${index}`, errors));
    else dropped++;
  }
  if (dropped > 0) errors.add("invalid_data", `${path}.frames`, `${dropped} frame(s) that are not objects were dropped`);
  if (frames.length === 0) return null;
  slimFrameData(frames);
  return { ...raw, frames };
}

function normalizeFrame(raw: JsonObject, path: string, errors: ErrorCollector): JsonObject {
  const frame: JsonObject = { ...raw };
  for (const [field, limit] of stringFields) {
    const value = frame[field];
    if (value === undefined) continue;
    const text = lenientString(value);
    if (text === null) {
      if (value !== null) errors.add("invalid_data", `${path}.${field}`, value);
      delete frame[field];
    } else frame[field] = trimString(text, limit);
  }
  for (const field of ["lineno", "colno"]) {
    const value = frame[field];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
      if (value !== null) errors.add("invalid_data", `${path}.${field}`, value);
      delete frame[field];
    }
  }
  if (frame.in_app !== undefined && typeof frame.in_app !== "boolean") {
    if (frame.in_app !== null) errors.add("invalid_data", `${path}.in_app`, frame.in_app);
    delete frame.in_app;
  }
  for (const field of ["pre_context", "post_context"]) {
    const value = frame[field];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      frame[field] = value.map((line) => (typeof line === "string" ? trimString(line, charLimits.message) : ""));
    } else {
      if (value !== null) errors.add("invalid_data", `${path}.${field}`, value);
      delete frame[field];
    }
  }
  if (frame.vars !== undefined) {
    if (Array.isArray(frame.vars) || isRecord(frame.vars)) frame.vars = trimDatabag(frame.vars, bagLimits.medium).value;
    else {
      if (frame.vars !== null) errors.add("invalid_data", `${path}.vars`, frame.vars);
      delete frame.vars;
    }
  }
  backfillPaths(frame);
  return frame;
}

/**
 * sentry-protocol §4.2: an empty `abs_path` takes the `filename`; an empty `filename` then takes the
 * path of a web/file URL (unless that is empty or "/"), else the whole `abs_path`.
 */
function backfillPaths(frame: JsonObject): void {
  const { abs_path: absPath, filename } = frame;
  // Assigned in place rather than deleted and added again: `delete` can leave an object in V8's slow
  // dictionary mode. (Measured, this step's share of normalization did not change; docs/performance.md.)
  if (!absPath && typeof filename === "string" && filename !== "") {
    frame.abs_path = filename;
    frame.filename = filenameOf(filename);
  } else if (!filename && typeof absPath === "string" && absPath !== "") frame.filename = filenameOf(absPath);
}

/**
 * Filenames by abs_path: the same few files recur in every stack, and URL parsing is the costly part.
 * Paths come from events, at most 296 characters each (trimmed above), so 10,000 of them with their
 * filenames stay under 12 MB.
 */
export const filenames = new LRUCache<string, string>({ max: 10_000 });

function filenameOf(absPath: string): string {
  let filename = filenames.get(absPath);
  if (filename !== undefined) return filename;
  filename = absPath;
  if (urlSchemes.test(absPath)) {
    try {
      const urlPath = new URL(absPath).pathname;
      if (urlPath !== "" && urlPath !== "/") filename = urlPath;
    } catch {
      // An unparsable URL keeps the whole abs_path as its filename.
    }
  }
  filenames.set(absPath, filename);
  return filename;
}

/**
 * Over 50 frames, the middle frames lose `vars`, `pre_context` and `post_context` (never
 * `context_line`): system frames first, keeping (allowance − in-app count) / 2 at each end, then in-app
 * frames if still over the allowance.
 */
function slimFrameData(frames: JsonObject[]): void {
  if (frames.length <= frameDataAllowance) return;
  const appIndexes: number[] = [];
  const systemIndexes: number[] = [];
  frames.forEach((frame, index) => (frame.in_app === true ? appIndexes : systemIndexes).push(index));
  const systemKept = Math.max(0, frameDataAllowance - appIndexes.length);
  stripMiddle(frames, systemIndexes, systemKept);
  if (appIndexes.length > frameDataAllowance) stripMiddle(frames, appIndexes, frameDataAllowance);
}

function stripMiddle(frames: JsonObject[], indexes: number[], keep: number): void {
  if (indexes.length <= keep) return;
  const head = Math.ceil(keep / 2);
  const tail = Math.floor(keep / 2);
  for (const index of indexes.slice(head, indexes.length - tail)) {
    const frame = frames[index]!;
    delete frame.vars;
    delete frame.pre_context;
    delete frame.post_context;
  }
}
