import { isRecord, type JsonObject } from "../digest/read-values";
import type { RuleMatcher, StacktraceRule } from "./parse-stacktrace-rules";

export type StacktraceRuleContext = { platform: string; exception?: JsonObject | null };
export type FrameDecision = { inApp: boolean; contributes: boolean; inAppHint?: string; groupHint?: string; category?: string };
/** Per-frame decisions (same order as the input) plus the stack-level variables of the last matching rules. */
export type StacktraceRuleResult = { frames: FrameDecision[]; maxFrames: number | null; minFrames: number | null };
/** `path`: `*` and `?` stop at `/`, `**` crosses it; otherwise `*` matches anything (Sentry docs, §5.6). */
export type GlobMode = { path: boolean; ignoreCase: boolean };

const compiled = new Map<string, RegExp>();

/**
 * Sentry-style glob, not picomatch: picomatch treats `**` only as a whole path segment and will not cross
 * `./` or `//` segments, so the node_modules rule would miss `webpack:///./node_modules/x.js`, and its `*`
 * can never span the `/` of a URL inside a message. In path mode a `**` followed by a slash may also match
 * zero directories, so "a relative filename still matches on `**` + slash" (Sentry docs).
 */
function compileGlob(pattern: string, mode: GlobMode): RegExp {
  const cacheKey = `${+mode.path}${+mode.ignoreCase}${pattern}`;
  let regex = compiled.get(cacheKey);
  if (regex) return regex;
  const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const classEnd = c === "[" ? pattern.indexOf("]", i + 2) : -1;
    if (c === "\\" && i + 1 < pattern.length) source += escape(pattern[++i]!);
    else if (c === "*" && pattern[i + 1] === "*") {
      i++;
      const slash = mode.path && pattern[i + 1] === "/";
      source += slash ? "(?:.*/)?" : ".*";
      if (slash) i++;
    } else if (c === "*") source += mode.path ? "[^/]*" : ".*";
    else if (c === "?") source += mode.path ? "[^/]" : ".";
    else if (classEnd > 0) {
      const body = pattern.slice(i + 1, classEnd);
      source += `[${body.startsWith("!") ? "^" : ""}${body.replace(/^!/, "").replace(/[\\\]^[]/g, "\\$&")}]`;
      i = classEnd;
    } else source += escape(c);
  }
  regex = new RegExp(`^${source}$`, mode.ignoreCase ? "is" : "s");
  if (compiled.size > 10_000) compiled.clear(); // patterns come from editable project rules
  compiled.set(cacheKey, regex);
  return regex;
}

export function matchGlob(pattern: string, value: unknown, mode: GlobMode): boolean {
  if (typeof value !== "string") return false;
  return compileGlob(pattern, mode).test(mode.path ? value.replace(/\\/g, "/") : value);
}

/** §5.4: `javascript` = {javascript, node}; `native` = {objc, cocoa, swift, native, c}; the rest `other`. */
export function familyOf(platform: unknown): "javascript" | "native" | "other" {
  if (platform === "javascript" || platform === "node") return "javascript";
  return ["objc", "cocoa", "swift", "native", "c"].includes(platform as string) ? "native" : "other";
}

/** `family:javascript,native` is a comma list; `all` matches every platform. */
export function matchFamily(pattern: string, platform: unknown): boolean {
  const family = familyOf(platform);
  return pattern.split(",").some((f) => f === "all" || f === family);
}

export const parseAppValue = (pattern: string): boolean => ["yes", "true", "1"].includes(pattern.toLowerCase());

/** Frame fields (positive match): path checks abs_path and filename, function also raw_function (Sentry docs). */
export function matchFrameField(key: "path" | "module" | "function" | "package", pattern: string, frame: JsonObject): boolean {
  if (key === "path") return [frame.abs_path, frame.filename].some((v) => matchGlob(pattern, v, { path: true, ignoreCase: true }));
  if (key === "package") return matchGlob(pattern, frame.package, { path: true, ignoreCase: true });
  if (key === "module") return matchGlob(pattern, frame.module, { path: false, ignoreCase: false });
  return [frame.function, frame.raw_function].some((v) => matchGlob(pattern, v, { path: false, ignoreCase: false }));
}

type FrameState = { inApp: boolean | null; contributes: boolean; category?: string; inAppHint?: string; groupHint?: string };

function matchOne(m: RuleMatcher, frame: JsonObject, state: FrameState, context: StacktraceRuleContext): boolean {
  const exception = context.exception ?? {};
  const mechanism = isRecord(exception.mechanism) ? exception.mechanism.type : undefined;
  const positive =
    m.key === "family" ? matchFamily(m.pattern, frame.platform ?? context.platform)
    : m.key === "app" ? parseAppValue(m.pattern) === (state.inApp === true) // live state; null counts as "no"
    : m.key === "category" ? state.category === m.pattern
    : m.key === "type" ? matchGlob(m.pattern, exception.type, { path: false, ignoreCase: false })
    : m.key === "value" ? matchGlob(m.pattern, exception.value, { path: false, ignoreCase: true })
    : m.key === "mechanism" ? matchGlob(m.pattern, mechanism, { path: false, ignoreCase: false })
    : matchFrameField(m.key, m.pattern, frame);
  return positive !== m.negated;
}

function ruleMatchesAt(rule: StacktraceRule, frames: JsonObject[], states: FrameState[], i: number, context: StacktraceRuleContext): boolean {
  const all = (matchers: RuleMatcher[], j: number) => j >= 0 && j < frames.length && matchers.every((m) => matchOne(m, frames[j]!, states[j]!, context));
  return all(rule.matchers, i) && (rule.caller.length === 0 || all(rule.caller, i - 1)) && (rule.callee.length === 0 || all(rule.callee, i + 1));
}

/**
 * §5.1/§5.3: two passes like Sentry — first every rule's `±app` (and `category=`), so `app:` matchers in the
 * grouping pass see the final in-app state; then `±group` and the stack variables. Frames run oldest → newest,
 * `^` reaches the newer frames (toward the crash), `v` the older ones. Later rules override earlier ones.
 */
export function applyStacktraceRules(frames: JsonObject[], rules: StacktraceRule[], context: StacktraceRuleContext): StacktraceRuleResult {
  const states: FrameState[] = frames.map((f) => ({ inApp: typeof f.in_app === "boolean" ? f.in_app : null, contributes: true }));
  const variables: Record<string, number | null> = { "max-frames": null, "min-frames": null };
  for (const pass of ["app", "group"] as const) {
    for (const rule of rules) {
      frames.forEach((_, i) => {
        if (!ruleMatchesAt(rule, frames, states, i, context)) return;
        for (const action of rule.actions) {
          if (action.kind === "variable") {
            if (pass === "app" && action.name === "category") states[i]!.category = action.value;
            if (pass === "group" && action.name !== "category") variables[action.name] = Number(action.value) || null;
            continue;
          }
          if (action.flag !== pass) continue;
          const [from, to] = action.range === "self" ? [i, i + 1] : action.range === "up" ? [i + 1, frames.length] : [0, i];
          for (const state of states.slice(from, to)) {
            const verb = pass === "app" ? (action.value ? "marked in-app" : "marked out of app") : action.value ? "un-ignored" : "ignored";
            const hint = `${verb} by stack trace rule (${rule.matcherText} ${action.text})`;
            if (pass === "app") {
              state.inApp = action.value;
              state.inAppHint = hint;
            } else {
              state.contributes = action.value;
              state.groupHint = hint;
            }
          }
        }
      });
    }
  }
  const decisions = states.map(({ inApp, ...rest }) => ({ ...rest, inApp: inApp === true }));
  return { frames: decisions, maxFrames: variables["max-frames"] ?? null, minFrames: variables["min-frames"] ?? null };
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
