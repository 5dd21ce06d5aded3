import { LRUCache } from "lru-cache";
import { isRecord, type JsonObject } from "@/lib/json-values";
import { countBacktrackingStars, globStep, matchGlobTokens, type GlobToken } from "./match-glob-tokens";
import type { RuleMatcher, StacktraceRule } from "./parse-stacktrace-rules";

export type StacktraceRuleContext = { platform: string; exception?: JsonObject | null };
export type FrameDecision = { inApp: boolean; contributes: boolean; inAppHint?: string; groupHint?: string; category?: string };
/** Per-frame decisions (same order as the input) plus the stack-level variables of the last matching rules. */
export type StacktraceRuleResult = { frames: FrameDecision[]; maxFrames: number | null; minFrames: number | null };
/** `path`: `*` and `?` stop at `/`, `**` crosses it; otherwise `*` matches anything (Sentry docs, §5.6). */
export type GlobMode = { path: boolean; ignoreCase: boolean };

/** Compiled globs per mode, by pattern: no key to build on the hot path. */
const compiledByMode = new WeakMap<GlobMode, Map<string, CompiledGlob>>();

/**
 * `literal`: the longest run of plain characters in the pattern (lower-cased when the mode ignores case).
 * A value without it cannot match, and `includes` rejects most frames far faster than the regex would —
 * every event runs every built-in rule over every frame.
 */
type CompiledGlob = { regex: RegExp; literal: string; tokens: GlobToken[] | null };

function literalOf(pattern: string, ignoreCase: boolean): string {
  const longest = pattern.split(/[*?[\]\\]/).reduce((best, run) => (run.length > best.length ? run : best), "");
  return ignoreCase ? longest.toLowerCase() : longest;
}

/**
 * Sentry-style glob, not picomatch: picomatch treats `**` only as a whole path segment and will not cross
 * `./` or `//` segments, so the node_modules rule would miss `webpack:///./node_modules/x.js`, and its `*`
 * can never span the `/` of a URL inside a message. In path mode a `**` followed by a slash may also match
 * zero directories, so "a relative filename still matches on `**` + slash" (Sentry docs).
 */
function escapeGlobCharacter(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

function compileGlob(pattern: string, mode: GlobMode): CompiledGlob {
  let compiled = compiledByMode.get(mode);
  if (!compiled) compiledByMode.set(mode, (compiled = new Map()));
  const known = compiled.get(pattern);
  if (known) return known;
  let source = "";
  // The same pattern as steps, for matchGlobTokens when the regex could backtrack.
  const tokens: GlobToken[] = [];
  const step = (kind: "char" | "star", single: string) => {
    tokens.push(globStep(kind, single, mode.ignoreCase));
    return kind === "star" ? `${single}*` : single;
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const classEnd = c === "[" ? pattern.indexOf("]", i + 2) : -1;
    if (c === "\\" && i + 1 < pattern.length) source += step("char", escapeGlobCharacter(pattern[++i]!));
    else if (c === "*" && pattern[i + 1] === "*") {
      i++;
      const slash = mode.path && pattern[i + 1] === "/";
      if (slash) tokens.push({ kind: "dirs" });
      source += slash ? "(?:.*/)?" : step("star", ".");
      if (slash) i++;
    } else if (c === "*") source += step("star", mode.path ? "[^/]" : ".");
    else if (c === "?") source += step("char", mode.path ? "[^/]" : ".");
    else if (classEnd > 0) {
      const body = pattern.slice(i + 1, classEnd);
      source += step("char", `[${body.startsWith("!") ? "^" : ""}${body.replace(/^!/, "").replace(/[\\\]^[]/g, "\\$&")}]`);
      i = classEnd;
    } else source += step("char", escapeGlobCharacter(c));
  }
  const glob = { regex: new RegExp(`^${source}$`, mode.ignoreCase ? "is" : "s"), literal: literalOf(pattern, mode.ignoreCase), tokens: countBacktrackingStars(tokens) >= 2 ? tokens : null };
  if (compiled.size > 10_000) compiled.clear(); // patterns come from editable project rules
  compiled.set(pattern, glob);
  return glob;
}

export function matchGlob(pattern: string, value: unknown, mode: GlobMode): boolean {
  if (typeof value !== "string") return false;
  return testGlob(pattern, mode.path ? value.replace(/\\/g, "/") : value, mode);
}

/** §5.4: `javascript` = {javascript, node}; `native` = {objc, cocoa, swift, native, c}; the rest `other`. */
export function familyOf(platform: unknown): "javascript" | "native" | "other" {
  if (platform === "javascript" || platform === "node") return "javascript";
  return nativePlatforms.has(platform as string) ? "native" : "other";
}

const nativePlatforms = new Set(["objc", "cocoa", "swift", "native", "c"]);

/** `family:javascript,native` is a comma list; `all` matches every platform. */
export function matchFamily(pattern: string, platform: unknown): boolean {
  const family = familyOf(platform);
  return pattern.split(",").some((f) => f === "all" || f === family);
}

export const parseAppValue = (pattern: string): boolean => ["yes", "true", "1"].includes(pattern.toLowerCase());

/** Frame fields (positive match): path checks abs_path and filename, function also raw_function (Sentry docs). */
export function matchFrameField(key: "path" | "module" | "function" | "package", pattern: string, frame: JsonObject): boolean {
  return matchViewField(key, pattern, viewOf(frame, undefined));
}

/**
 * What the matchers read from one frame, computed once per frame rather than once per rule: every event
 * runs all built-in rules over every frame, so this loop is on digest's hot path.
 */
type FrameView = { paths: string[]; lowerPaths: string[]; module: unknown; functions: unknown[]; package: string | null; family: "javascript" | "native" | "other" };

function viewOf(frame: JsonObject, platform: unknown): FrameView {
  const paths: string[] = [];
  for (const value of [frame.abs_path, frame.filename]) if (typeof value === "string") paths.push(value.includes("\\") ? value.replace(/\\/g, "/") : value);
  const pkg = typeof frame.package === "string" ? frame.package.replace(/\\/g, "/") : null;
  return { paths, lowerPaths: paths.map((path) => path.toLowerCase()), module: frame.module, functions: [frame.function, frame.raw_function], package: pkg, family: familyOf(frame.platform ?? platform) };
}

const pathMode: GlobMode = { path: true, ignoreCase: true };
const exactMode: GlobMode = { path: false, ignoreCase: false };
const foldedMode: GlobMode = { path: false, ignoreCase: true };

function testGlob(pattern: string, value: unknown, mode: GlobMode, lowered?: string): boolean {
  if (typeof value !== "string") return false;
  const glob = compileGlob(pattern, mode);
  if (glob.literal !== "" && !(mode.ignoreCase ? (lowered ?? value.toLowerCase()) : value).includes(glob.literal)) return false;
  return glob.tokens ? matchGlobTokens(glob.tokens, value) : glob.regex.test(value);
}

function matchViewField(key: "path" | "module" | "function" | "package", pattern: string, view: FrameView): boolean {
  if (key === "path") {
    for (let index = 0; index < view.paths.length; index++) if (testGlob(pattern, view.paths[index], pathMode, view.lowerPaths[index])) return true;
    return false;
  }
  if (key === "package") return testGlob(pattern, view.package, pathMode);
  if (key === "module") return testGlob(pattern, view.module, exactMode);
  return view.functions.some((value) => testGlob(pattern, value, exactMode));
}

type FrameState = { inApp: boolean | null; contributes: boolean; category?: string; inAppHint?: string; groupHint?: string };

function matchOne(m: RuleMatcher, view: FrameView, state: FrameState, context: StacktraceRuleContext): boolean {
  let positive: boolean;
  if (m.key === "family") positive = m.pattern === view.family || m.pattern === "all" || (m.pattern.includes(",") && matchFamily(m.pattern, view.family));
  else if (m.key === "app") positive = parseAppValue(m.pattern) === (state.inApp === true); // live state; null counts as "no"
  else if (m.key === "category") positive = state.category === m.pattern;
  else if (m.key === "type" || m.key === "value" || m.key === "mechanism") {
    const exception = context.exception ?? {};
    if (m.key === "type") positive = testGlob(m.pattern, exception.type, exactMode);
    else if (m.key === "value") positive = testGlob(m.pattern, exception.value, foldedMode);
    else positive = testGlob(m.pattern, isRecord(exception.mechanism) ? exception.mechanism.type : undefined, exactMode);
  } else positive = matchViewField(m.key, m.pattern, view);
  return positive !== m.negated;
}

function matchesAll(matchers: RuleMatcher[], views: FrameView[], states: FrameState[], j: number, context: StacktraceRuleContext): boolean {
  if (j < 0 || j >= views.length) return false;
  for (const matcher of matchers) if (!matchOne(matcher, views[j]!, states[j]!, context)) return false;
  return true;
}

function ruleMatchesAt(rule: StacktraceRule, views: FrameView[], states: FrameState[], i: number, context: StacktraceRuleContext): boolean {
  return (
    matchesAll(rule.matchers, views, states, i, context) &&
    (rule.caller.length === 0 || matchesAll(rule.caller, views, states, i - 1, context)) &&
    (rule.callee.length === 0 || matchesAll(rule.callee, views, states, i + 1, context))
  );
}

type Pass = "app" | "group";
const rulesByPass = new WeakMap<StacktraceRule[], Record<Pass, StacktraceRule[]>>();

/** The rules that can change anything in a pass (rules are parsed once, so this is worked out once per list). */
function rulesFor(rules: StacktraceRule[], pass: Pass): StacktraceRule[] {
  let split = rulesByPass.get(rules);
  if (!split) {
    const acts = (rule: StacktraceRule, wanted: Pass) =>
      rule.actions.some((action) => (action.kind === "flag" ? action.flag === wanted : wanted === "app" ? action.name === "category" : action.name !== "category"));
    split = { app: rules.filter((rule) => acts(rule, "app")), group: rules.filter((rule) => acts(rule, "group")) };
    rulesByPass.set(rules, split);
  }
  return split[pass];
}

/**
 * §5.1/§5.3: two passes like Sentry — first every rule's `±app` (and `category=`), so `app:` matchers in the
 * grouping pass see the final in-app state; then `±group` and the stack variables. Frames run oldest → newest,
 * `^` reaches the newer frames (toward the crash), `v` the older ones. Later rules override earlier ones.
 */
export function applyStacktraceRules(frames: JsonObject[], rules: StacktraceRule[], context: StacktraceRuleContext): StacktraceRuleResult {
  const states: FrameState[] = frames.map((f) => ({ inApp: typeof f.in_app === "boolean" ? f.in_app : null, contributes: true }));
  const variables: Record<string, number | null> = { "max-frames": null, "min-frames": null };
  const listId = frameLocalListId(rules);
  if (listId !== null) {
    // Each frame's fate depends on that frame alone: look it up, or work it out once and remember it.
    frames.forEach((frame, i) => {
      const key = `${listId}\u0000${frameKey(frame, states[i]!.inApp, context.platform)}`;
      let state = frameDecisions.get(key);
      if (!state) {
        const views = [viewOf(frame, context.platform)];
        const own = [states[i]!];
        for (const pass of ["app", "group"] as const) {
          for (const rule of rulesFor(rules, pass)) if (ruleMatchesAt(rule, views, own, 0, context)) applyActions(rule, pass, own, 0, variables);
        }
        state = own[0]!;
        frameDecisions.set(key, state);
      }
      states[i] = { ...state };
    });
  } else {
    const views = frames.map((frame) => viewOf(frame, context.platform));
    for (const pass of ["app", "group"] as const) {
      for (const rule of rulesFor(rules, pass)) {
        for (let i = 0; i < frames.length; i++) {
          if (ruleMatchesAt(rule, views, states, i, context)) applyActions(rule, pass, states, i, variables);
        }
      }
    }
  }
  const decisions = states.map(({ inApp, ...rest }) => ({ ...rest, inApp: inApp === true }));
  return { frames: decisions, maxFrames: variables["max-frames"] ?? null, minFrames: variables["min-frames"] ?? null };
}

/**
 * Remembered decisions of every frame-local rule list under one bound (keys start with the list's id), so
 * projects with rules of their own do not each add a cache. Keys come from events: at most about 1,600
 * characters (normalization trims the fields), typically 100 to 300. 50,000 frames or 8 million
 * characters (16 MB of two-byte text), whichever comes first.
 */
export const frameDecisions = new LRUCache<string, FrameState>({ max: 50_000, maxSize: 8_000_000, sizeCalculation: (_, key) => key.length });
const frameLocalListIds = new WeakMap<StacktraceRule[], number | null>();
let frameLocalLists = 0;
const frameLocalKeys = new Set(["family", "path", "module", "function", "package"]);

/**
 * Most rule lists (the built-ins, and typical project rules) decide each frame from its own fields: no
 * caller/callee, no `app:`/`category:`/exception matchers, no `^`/`v` ranges, no stack variables. For those,
 * a frame seen before (the same code fails again and again) gets its remembered decision — running every
 * rule over every frame was most of grouping's cost. The list's id in `frameDecisions`; null when the
 * list needs the whole stack.
 */
function frameLocalListId(rules: StacktraceRule[]): number | null {
  let id = frameLocalListIds.get(rules);
  if (id === undefined) {
    const isFrameLocal = rules.every(
      (rule) =>
        rule.caller.length === 0 &&
        rule.callee.length === 0 &&
        rule.matchers.every((matcher) => frameLocalKeys.has(matcher.key)) &&
        rule.actions.every((action) => action.kind === "flag" && action.range === "self"),
    );
    id = isFrameLocal ? frameLocalLists++ : null;
    frameLocalListIds.set(rules, id);
  }
  return id;
}

function frameKey(frame: JsonObject, inApp: boolean | null, platform: string): string {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return `${inApp}\u0000${text(frame.platform) || platform}\u0000${text(frame.abs_path)}\u0000${text(frame.filename)}\u0000${text(frame.module)}\u0000${text(frame.function)}\u0000${text(frame.raw_function)}\u0000${text(frame.package)}`;
}

function applyActions(rule: StacktraceRule, pass: Pass, states: FrameState[], i: number, variables: Record<string, number | null>): void {
  for (const action of rule.actions) {
    if (action.kind === "variable") {
      if (pass === "app" && action.name === "category") states[i]!.category = action.value;
      if (pass === "group" && action.name !== "category") variables[action.name] = Number(action.value) || null;
      continue;
    }
    if (action.flag !== pass) continue;
    const [from, to] = action.range === "self" ? [i, i + 1] : action.range === "up" ? [i + 1, states.length] : [0, i];
    const verb = pass === "app" ? (action.value ? "marked in-app" : "marked out of app") : action.value ? "un-ignored" : "ignored";
    const hint = `${verb} by stack trace rule (${rule.matcherText} ${action.text})`;
    for (let j = from; j < to; j++) {
      const state = states[j]!;
      if (pass === "app") {
        state.inApp = action.value;
        state.inAppHint = hint;
      } else {
        state.contributes = action.value;
        state.groupHint = hint;
      }
    }
  }
}

/**
 * `max-frames=N` (Sentry docs: "only the top N frames are considered"): keeps the N newest frames that still
 * contribute in a variant and drops the rest. The caller applies it per variant (app/system), since which
 * frames contribute differs between them; null or 0 means no limit.
 */
export function limitToMaxFrames(contributes: boolean[], maxFrames: number | null): boolean[] {
  let left = maxFrames || Infinity;
  return contributes.toReversed().map((c) => c && left-- > 0).toReversed();
}
