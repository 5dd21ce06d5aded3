import { isRecord, type JsonObject } from "@/lib/json-values";
import { matchFamily, matchFrameField, matchGlob, parseAppValue, type GlobMode } from "./apply-stacktrace-rules";
import type { FingerprintMatcherKey, FingerprintRule } from "./parse-fingerprint-rules";
import type { RuleMatcher } from "./parse-stacktrace-rules";
import { exceptionsOf, framesOf, readTag } from "./resolve-fingerprint";

export type FingerprintMatch = {
  /** The rule's fingerprint as written; resolve it with `resolveFingerprintVariables`. */
  fingerprint: string[];
  title: string | null;
  /** The rule's text, for the "why grouped" view. */
  rule: string;
};
type Matcher = RuleMatcher<FingerprintMatcherKey>;

const exact: GlobMode = { path: false, ignoreCase: false };
const caseless: GlobMode = { path: false, ignoreCase: true };
const frameKeys = new Set<string>(["function", "module", "path", "package", "app"]);
const exceptionKeys = new Set<string>(["type", "value"]);

/** Every frame Sentry's fingerprinting looks at: all exceptions, the top-level stacktrace and all threads. */
function allFramesOf(event: JsonObject): JsonObject[] {
  const threads = isRecord(event.threads) && Array.isArray(event.threads.values) ? event.threads.values : [];
  return [...exceptionsOf(event).flatMap(framesOf), ...framesOf(event), ...threads.flatMap(framesOf)];
}

/** `message` checks the log message and every exception value (Sentry docs: they are hard to tell apart). */
function messagesOf(event: JsonObject): unknown[] {
  const logentry = isRecord(event.logentry) ? event.logentry : {};
  return [logentry.formatted, logentry.message, event.message, ...exceptionsOf(event).map((e) => e.value)];
}

/** Case sensitivity per the Sentry docs: type, logger, function, module are exact; value, message, level, path are not. */
function matchEventField(m: Matcher, event: JsonObject): boolean {
  if (m.key === "family") return matchFamily(m.pattern, event.platform);
  if (m.key === "message") return messagesOf(event).some((v) => matchGlob(m.pattern, v, caseless));
  if (m.key === "level") return matchGlob(m.pattern, event.level, caseless);
  if (m.key === "logger") return matchGlob(m.pattern, event.logger, exact);
  if (m.key === "release") return matchGlob(m.pattern, event.release, exact);
  if (m.key === "sdk") return matchGlob(m.pattern, isRecord(event.sdk) ? event.sdk.name : null, exact);
  return matchGlob(m.pattern, readTag(event, m.key.slice("tags.".length)), exact);
}

function matchException(m: Matcher, exception: JsonObject): boolean {
  return m.key === "type" ? matchGlob(m.pattern, exception.type, exact) : matchGlob(m.pattern, exception.value, caseless);
}

function matchFrame(m: Matcher, frame: JsonObject): boolean {
  if (m.key === "app") return parseAppValue(m.pattern) === (frame.in_app === true);
  return matchFrameField(m.key as "path" | "module" | "function" | "package", m.pattern, frame);
}

/**
 * Like Sentry, matchers are grouped by what they look at, and each group must hold on ONE item: all frame
 * matchers on the same frame, all exception matchers on the same exception (a negation is checked per item,
 * so `!function:x` means "some frame is not x"). A rule needing frames or exceptions fails without them.
 */
function ruleMatches(rule: FingerprintRule, event: JsonObject, frames: JsonObject[]): boolean {
  const onFrames = rule.matchers.filter((m) => frameKeys.has(m.key));
  const onExceptions = rule.matchers.filter((m) => exceptionKeys.has(m.key));
  const onEvent = rule.matchers.filter((m) => !frameKeys.has(m.key) && !exceptionKeys.has(m.key));
  return (
    onEvent.every((m) => matchEventField(m, event) !== m.negated) &&
    (onExceptions.length === 0 || exceptionsOf(event).some((e) => onExceptions.every((m) => matchException(m, e) !== m.negated))) &&
    (onFrames.length === 0 || frames.some((f) => onFrames.every((m) => matchFrame(m, f) !== m.negated)))
  );
}

/**
 * §5.6: the first matching rule wins (the caller passes project rules, then built-ins). Frames' `in_app` is
 * read from the event, so pass the event after the stack-trace rules' in-app decisions if `app:` should see them.
 */
export function matchFingerprintRules(event: JsonObject, rules: FingerprintRule[]): FingerprintMatch | null {
  const frames = allFramesOf(event);
  const rule = rules.find((r) => ruleMatches(r, event, frames));
  return rule ? { fingerprint: rule.fingerprint, title: rule.title, rule: rule.text } : null;
}
