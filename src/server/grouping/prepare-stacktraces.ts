import type { GroupingComponent } from "@/lib/grouping-tree";
import { isRecord, type JsonObject } from "@/lib/json-values";
import { applyStacktraceRules, type FrameDecision } from "./apply-stacktrace-rules";
import type { StacktraceRule } from "./parse-stacktrace-rules";

/** A stack trace as grouping sees it: its frames (oldest → newest) and the rules' decisions for each. */
export interface PreparedStacktrace {
  /** The frames, or a shallow copy where grouping reads a different value (a JS filename without query). */
  frames: JsonObject[];
  decisions: FrameDecision[];
  maxFrames: number | null;
  minFrames: number | null;
  /**
   * The frame components, once built (stacktrace-component.ts). Kept on the stack itself, so they die with
   * the event: in a module-wide WeakMap they outlived young-generation collections, and digest ran about a
   * fifth slower with more full collections (--trace-gc on bench:digest-drain; docs/performance.md).
   */
  frameNodes?: GroupingComponent[];
}

export type PreparedStacktraces = WeakMap<JsonObject, PreparedStacktrace>;

const framesOf = (stacktrace: JsonObject): JsonObject[] => (Array.isArray(stacktrace.frames) ? stacktrace.frames.filter(isRecord) : []);

/**
 * Sentry keeps the SDK's `in_app` in `data.orig_in_app` (-1 for none) the first time grouping changes it,
 * and restores it before the rules run again, so regrouping with other rules starts from the SDK's view.
 */
function restoreSdkInApp(frame: JsonObject): void {
  const original = isRecord(frame.data) ? frame.data.orig_in_app : undefined;
  if (original === -1) delete frame.in_app;
  else if (original === 0 || original === 1) frame.in_app = original === 1;
}

function writeInApp(frame: JsonObject, inApp: boolean): void {
  if (frame.in_app === inApp) return;
  const original = typeof frame.in_app === "boolean" ? Number(frame.in_app) : -1;
  if (frame.data === undefined || frame.data === null) frame.data = { orig_in_app: original };
  else if (isRecord(frame.data) && frame.data.orig_in_app === undefined) frame.data.orig_in_app = original;
  frame.in_app = inApp;
}

/** §5.1: browsers add cache busters (`app.js?v=123`); the file is the same. */
function withoutQueryString(frame: JsonObject): JsonObject {
  const filename = frame.filename;
  if (typeof filename !== "string") return frame;
  const query = filename.indexOf("?");
  return query < 0 ? frame : { ...frame, filename: filename.slice(0, query) };
}

function prepare(stacktrace: unknown, exception: JsonObject | null, event: JsonObject, rules: StacktraceRule[], into: PreparedStacktraces): void {
  if (!isRecord(stacktrace)) return;
  const platform = typeof event.platform === "string" ? event.platform : "other";
  const originals = framesOf(stacktrace);
  originals.forEach(restoreSdkInApp);
  const frames = platform === "javascript" ? originals.map(withoutQueryString) : originals;
  const result = applyStacktraceRules(frames, rules, { platform, exception });
  // §5.1: the final decision is written back (null counts as false) so the UI shows what grouping used.
  originals.forEach((frame, index) => writeInApp(frame, result.frames[index]?.inApp === true));
  into.set(stacktrace, { frames, decisions: result.frames, maxFrames: result.maxFrames, minFrames: result.minFrames });
}

/**
 * §5.1 `normalize_stacktraces_for_grouping`: runs the stack-trace rules (built-ins, then the project's) over
 * every stack trace of the event — exceptions, threads and the top-level one, raw (minified) ones included —
 * and writes each frame's final `in_app` back onto the event.
 */
export function prepareStacktraces(event: JsonObject, rules: StacktraceRule[]): PreparedStacktraces {
  const prepared: PreparedStacktraces = new WeakMap();
  const holders: [JsonObject, JsonObject | null][] = [];
  if (isRecord(event.exception) && Array.isArray(event.exception.values)) {
    for (const exception of event.exception.values) if (isRecord(exception)) holders.push([exception, exception]);
  }
  if (isRecord(event.threads) && Array.isArray(event.threads.values)) {
    for (const thread of event.threads.values) if (isRecord(thread)) holders.push([thread, null]);
  }
  holders.push([event, null]);
  for (const [holder, exception] of holders) {
    prepare(holder.stacktrace, exception, event, rules, prepared);
    prepare(holder.raw_stacktrace, exception, event, rules, prepared);
  }
  return prepared;
}
