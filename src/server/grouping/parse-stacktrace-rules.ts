import { AppError } from "../errors";
import { ownValue } from "@/lib/own-value";

/**
 * Sentry "stack trace rules" (grouping enhancements), sentry-protocol §5.1/§5.3/§5.8 and Sentry's public docs:
 * `[ caller ] | matcher:value … | [ callee ] action …`, one rule per line, `#` starts a comment.
 */
export type StacktraceMatcherKey =
  | "family" | "path" | "module" | "function" | "package" | "app" | "category" | "type" | "value" | "mechanism";
export type RuleMatcher<K extends string = StacktraceMatcherKey> = { key: K; pattern: string; negated: boolean };
/** `range`: "self" = the matching frame, "up" (`^`) = newer frames toward the crash, "down" (`v`) = older ones. */
export type FlagAction = { kind: "flag"; flag: "app" | "group"; value: boolean; range: "self" | "up" | "down"; text: string };
export type VariableAction = { kind: "variable"; name: "max-frames" | "min-frames" | "category"; value: string; text: string };
export type StacktraceRule = {
  /** The rule's source line (trimmed), e.g. for hints. */
  text: string;
  /** Just the matcher part, as written; hints show it followed by the action that applied. */
  matcherText: string;
  matchers: RuleMatcher[];
  /** Must match the frame below (the caller, one index older); empty = no condition. */
  caller: RuleMatcher[];
  /** Must match the frame above (the callee, one index newer); empty = no condition. */
  callee: RuleMatcher[];
  actions: (FlagAction | VariableAction)[];
};

const stacktraceKeys: Record<string, StacktraceMatcherKey> = {
  family: "family", path: "path", "stack.abs_path": "path", module: "module", "stack.module": "module",
  function: "function", "stack.function": "function", package: "package", "stack.package": "package",
  app: "app", "stack.app": "app", category: "category", type: "type", "error.type": "type",
  value: "value", "error.value": "value", mechanism: "mechanism", "error.mechanism": "mechanism",
};
const families = new Set(["javascript", "native", "other", "all"]);
const appValues = new Set(["yes", "no", "true", "false", "1", "0"]);

/** Throws the uniform syntax error: `AppError("bad_request", "line N: reason")`. */
export function ruleSyntaxError(line: number, reason: string): never {
  throw new AppError("bad_request", `line ${line}: ${reason}`);
}

/** A `"…"` string at `pos`; only `\"` is unescaped so glob escapes such as `\*` reach the matcher intact. */
export function scanQuoted(text: string, pos: number, line: number): { value: string; end: number } {
  let value = "";
  for (let i = pos + 1; i < text.length; i++) {
    if (text[i] === "\\" && text[i + 1] === '"') value += text[++i];
    else if (text[i] === '"') return { value, end: i + 1 };
    else value += text[i];
  }
  return ruleSyntaxError(line, "unterminated quoted string");
}

/** One `[!]key:value` matcher at `pos` (key may be quoted); shared with the fingerprint parser (§5.6). */
export function scanMatcher(text: string, pos: number, line: number, stop = /\s/): { key: string; pattern: string; negated: boolean; end: number } {
  const negated = text[pos] === "!";
  let i = negated ? pos + 1 : pos;
  let key: string;
  if (text[i] === '"') ({ value: key, end: i } = scanQuoted(text, i, line));
  else {
    key = /^[\w.-]*/.exec(text.slice(i))![0];
    i += key.length;
  }
  if (!key || text[i] !== ":") return ruleSyntaxError(line, `expected matcher:value at '${text.slice(pos).split(/\s/)[0]}'`);
  i++;
  if (text[i] === '"') {
    const { value, end } = scanQuoted(text, i, line);
    return { key, pattern: value, negated, end };
  }
  const start = i;
  while (i < text.length && !stop.test(text[i]!)) i++;
  if (i === start) return ruleSyntaxError(line, `empty value for '${key}'`);
  return { key, pattern: text.slice(start, i), negated, end: i };
}

/** The matchers with a fixed vocabulary: `family` (comma list) and `app` (yes/no); shared with fingerprint rules. */
export function checkMatcherValue(key: string, pattern: string, line: number): void {
  if (key === "family" && !pattern.split(",").every((f) => families.has(f))) ruleSyntaxError(line, `unknown family '${pattern}'`);
  if (key === "app" && !appValues.has(pattern.toLowerCase())) ruleSyntaxError(line, `invalid app value '${pattern}' (use yes or no)`);
}

function toStacktraceMatcher(raw: { key: string; pattern: string; negated: boolean }, line: number): RuleMatcher {
  const key = ownValue(stacktraceKeys, raw.key);
  if (!key) return ruleSyntaxError(line, `unknown matcher '${raw.key}'`);
  checkMatcherValue(key, raw.pattern, line);
  return { key, pattern: raw.pattern, negated: raw.negated };
}

function parseAction(token: string, line: number): FlagAction | VariableAction {
  const flag = /^([\^v]?)([+-])(app|group)$/.exec(token);
  if (flag) {
    const range = flag[1] === "^" ? "up" : flag[1] === "v" ? "down" : "self";
    return { kind: "flag", flag: flag[3] as "app" | "group", value: flag[2] === "+", range, text: token };
  }
  const variable = /^([\w-]+)=(.*)$/.exec(token);
  if (!variable) return ruleSyntaxError(line, `unknown action '${token}'`);
  const [, name, value] = variable as unknown as [string, string, string];
  if (name !== "max-frames" && name !== "min-frames" && name !== "category") return ruleSyntaxError(line, `unknown variable '${name}'`);
  if (name !== "category" && !/^\d+$/.test(value)) return ruleSyntaxError(line, `${name} needs a whole number, got '${value}'`);
  if (!value) return ruleSyntaxError(line, "category needs a value");
  return { kind: "variable", name, value, text: token };
}

/** Matchers until `]` (inside brackets) or until the first token that is not a matcher. */
function scanMatchers(text: string, pos: number, line: number, bracketed: boolean): { matchers: RuleMatcher[]; end: number } {
  const matchers: RuleMatcher[] = [];
  let i = pos;
  for (;;) {
    while (/\s/.test(text[i] ?? "")) i++;
    if (bracketed && text[i] === "]") return { matchers, end: i + 1 };
    if (i >= text.length || text[i] === "|" || text[i] === "#") break;
    if (!/^(!|"|[\w.-]+:)/.test(text.slice(i))) break;
    const raw = scanMatcher(text, i, line, bracketed ? /[\s\]]/ : /\s/);
    matchers.push(toStacktraceMatcher(raw, line));
    i = raw.end;
  }
  return bracketed ? ruleSyntaxError(line, "missing ']'") : { matchers, end: i };
}

function parseRule(text: string, line: number): StacktraceRule {
  let i = 0;
  let caller: RuleMatcher[] = [];
  let callee: RuleMatcher[] = [];
  if (text.startsWith("[")) {
    ({ matchers: caller, end: i } = scanMatchers(text, 1, line, true));
    i = text.slice(i).search(/\S/) + i;
    if (text[i] !== "|") return ruleSyntaxError(line, "expected '|' after caller matchers");
    i++;
  }
  const main = scanMatchers(text, i, line, false);
  i = main.end;
  if (main.matchers.length === 0) return ruleSyntaxError(line, "rule has no matchers");
  const rest = text.slice(i).trimStart();
  let actionText = rest;
  if (rest.startsWith("|")) {
    const after = rest.slice(1).trimStart();
    if (!after.startsWith("[")) return ruleSyntaxError(line, "expected '[' after '|'");
    const scanned = scanMatchers(after, 1, line, true);
    callee = scanned.matchers;
    actionText = after.slice(scanned.end);
  }
  const tokens = actionText.split(/(?:^|\s)#/)[0]!.split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return ruleSyntaxError(line, "rule has no actions");
  const actions = tokens.map((token) => parseAction(token, line));
  const matcherText = text.slice(0, text.length - actionText.length).trim();
  return { text, matcherText, matchers: main.matchers, caller, callee, actions };
}

/** Parses a project's stack-trace rules; blank lines and `#` comments are skipped, the first error throws. */
export function parseStacktraceRules(text: string): StacktraceRule[] {
  const rules: StacktraceRule[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line && !line.startsWith("#")) rules.push(parseRule(line, index + 1));
  });
  return rules;
}
