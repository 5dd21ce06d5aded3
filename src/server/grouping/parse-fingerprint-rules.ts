import { checkMatcherValue, ruleSyntaxError, scanMatcher, scanQuoted, type RuleMatcher } from "./parse-stacktrace-rules";
import { ownValue } from "@/lib/own-value";

/**
 * Sentry fingerprint rules (sentry-protocol §5.6, Sentry docs "Fingerprint Rules"):
 * `[!]matcher:value … -> value, value … [title="…"]`, one rule per line, `#` starts a comment.
 */
export type FingerprintMatcherKey =
  | "type" | "value" | "message" | "logger" | "level" | `tags.${string}`
  | "function" | "module" | "path" | "package" | "family" | "app" | "sdk" | "release";
export type FingerprintRule = {
  /** The rule's source line (trimmed), shown in the "why grouped" view. */
  text: string;
  matchers: RuleMatcher<FingerprintMatcherKey>[];
  /** Fingerprint entries as written, variables such as `{{ transaction }}` unresolved. */
  fingerprint: string[];
  /** The `title="…"` attribute, unresolved (it may contain variables too). */
  title: string | null;
};

const aliases: Record<string, FingerprintMatcherKey> = {
  type: "type", "error.type": "type", value: "value", "error.value": "value", message: "message",
  logger: "logger", level: "level", function: "function", "stack.function": "function", module: "module",
  "stack.module": "module", path: "path", "stack.abs_path": "path", package: "package", "stack.package": "package",
  family: "family", app: "app", "stack.app": "app", sdk: "sdk", release: "release",
};

function toMatcher(raw: { key: string; pattern: string; negated: boolean }, line: number): RuleMatcher<FingerprintMatcherKey> {
  const key = raw.key.startsWith("tags.") && raw.key.length > 5 ? (raw.key as `tags.${string}`) : ownValue(aliases, raw.key);
  if (!key) return ruleSyntaxError(line, `unknown matcher '${raw.key}'`);
  checkMatcherValue(key, raw.pattern, line);
  return { key, pattern: raw.pattern, negated: raw.negated };
}

/** An unquoted entry runs to a comma or blank, except that a `{{ … }}` variable may contain blanks. */
function scanUnquoted(text: string, pos: number, line: number): { value: string; end: number } {
  let i = pos;
  while (i < text.length && !/[\s,]/.test(text[i]!)) {
    if (text.startsWith("{{", i)) {
      const close = text.indexOf("}}", i + 2);
      if (close < 0) return ruleSyntaxError(line, "unterminated '{{' variable");
      i = close + 2;
    } else i++;
  }
  return { value: text.slice(pos, i), end: i };
}

function scanFingerprint(text: string, pos: number, line: number): { fingerprint: string[]; title: string | null } {
  const fingerprint: string[] = [];
  let title: string | null = null;
  let i = pos;
  for (;;) {
    while (/[\s,]/.test(text[i] ?? "")) i++;
    if (i >= text.length || text[i] === "#") break;
    const attribute = /^(\w+)="/.exec(text.slice(i));
    if (attribute) {
      if (attribute[1] !== "title") return ruleSyntaxError(line, `unknown attribute '${attribute[1]}'`);
      const quoted = scanQuoted(text, i + attribute[0].length - 1, line);
      title = quoted.value;
      i = quoted.end;
      continue;
    }
    const entry = text[i] === '"' ? scanQuoted(text, i, line) : scanUnquoted(text, i, line);
    if (entry.value.trim()) fingerprint.push(entry.value.trim());
    i = entry.end;
  }
  if (fingerprint.length === 0) return ruleSyntaxError(line, "missing fingerprint after '->'");
  return { fingerprint, title };
}

function parseRule(text: string, line: number): FingerprintRule {
  const matchers: RuleMatcher<FingerprintMatcherKey>[] = [];
  let i = 0;
  for (;;) {
    while (/\s/.test(text[i] ?? "")) i++;
    if (text.startsWith("->", i)) break;
    if (i >= text.length || text[i] === "#") return ruleSyntaxError(line, "expected '->' followed by a fingerprint");
    const raw = scanMatcher(text, i, line);
    matchers.push(toMatcher(raw, line));
    i = raw.end;
  }
  if (matchers.length === 0) return ruleSyntaxError(line, "rule has no matchers before '->'");
  return { text, matchers, ...scanFingerprint(text, i + 2, line) };
}

/** Parses a project's fingerprint rules; blank lines and `#` comments are skipped, the first error throws. */
export function parseFingerprintRules(text: string): FingerprintRule[] {
  const rules: FingerprintRule[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line && !line.startsWith("#")) rules.push(parseRule(line, index + 1));
  });
  return rules;
}
