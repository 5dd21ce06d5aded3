import { AppError } from "../errors";

/** One condition of Sentry's replay search syntax. */
export type ReplayCondition =
  | { kind: "text"; field: ReplayTextField; values: string[]; negated: boolean }
  | { kind: "number"; field: ReplayNumberField; operator: "=" | "!=" | ">" | ">=" | "<" | "<="; value: number }
  | { kind: "free"; text: string };

export type ReplayTextField = "id" | "user" | "user.id" | "user.email" | "user.username" | "user.ip" | "url" | "browser.name" | "os.name" | "device.name" | "release" | "environment" | "replay_type" | "platform" | "error_ids" | "trace_ids" | "sdk.name" | "dist";
export type ReplayNumberField = "count_errors" | "count_segments" | "count_urls" | "count_dead_clicks" | "count_rage_clicks" | "duration";

const textFields: Record<string, ReplayTextField> = {
  id: "id",
  replay_id: "id",
  user: "user",
  "user.id": "user.id",
  "user.email": "user.email",
  "user.username": "user.username",
  "user.ip": "user.ip",
  "user.ip_address": "user.ip",
  url: "url",
  urls: "url",
  "browser.name": "browser.name",
  browser: "browser.name",
  "os.name": "os.name",
  os: "os.name",
  "device.name": "device.name",
  release: "release",
  releases: "release",
  environment: "environment",
  replay_type: "replay_type",
  platform: "platform",
  error_id: "error_ids",
  error_ids: "error_ids",
  trace_id: "trace_ids",
  trace_ids: "trace_ids",
  trace: "trace_ids",
  "sdk.name": "sdk.name",
  dist: "dist",
};
const numberFields: Record<string, ReplayNumberField> = {
  count_errors: "count_errors",
  count_segments: "count_segments",
  count_urls: "count_urls",
  count_dead_clicks: "count_dead_clicks",
  count_rage_clicks: "count_rage_clicks",
  duration: "duration",
};
const maxQueryLength = 1000;
const maxConditions = 20;
const token = /\s*(!?)([A-Za-z_.]+):(?:"((?:[^"\\]|\\.)*)"|(\[[^\]]*\])|(\S+))|\s*("(?:[^"\\]|\\.)*"|\S+)/y;

/**
 * Sentry's replay search (`user.email:a@b.c url:*checkout* count_errors:>0 duration:>30s !browser.name:Safari`):
 * `key:value` with `!` to negate, quoted values, `[a, b]` lists, comparisons on the counters and on the
 * duration (s, m, h, ms or a number of seconds), `*` wildcards; bare words match the urls and the user.
 * A key or value it cannot use is a bad_request naming it.
 */
export function parseReplayQuery(query: string): ReplayCondition[] {
  if (query.length > maxQueryLength) throw new AppError("bad_request", `A replay search has at most ${maxQueryLength} characters.`);
  const conditions: ReplayCondition[] = [];
  token.lastIndex = 0;
  const text = query.trim();
  while (token.lastIndex < text.length) {
    const match = token.exec(text);
    if (!match) break;
    const [, bang, key, quoted, list, plain, free] = match;
    if (free !== undefined) {
      const word = free.startsWith('"') ? unquote(free.slice(1, -1)) : free;
      if (word !== "") conditions.push({ kind: "free", text: word });
    } else {
      const name = key!.toLowerCase();
      const raw = quoted !== undefined ? unquote(quoted) : (list ?? plain ?? "");
      if (numberFields[name]) conditions.push(numberCondition(numberFields[name], raw, bang === "!"));
      else if (textFields[name]) {
        const values = list !== undefined ? list.slice(1, -1).split(",").map((value) => value.trim().replace(/^"|"$/g, "")).filter(Boolean) : [raw];
        if (values.length === 0 || values.some((value) => value.length > 500)) throw new AppError("bad_request", `"${name}:" needs a value of at most 500 characters.`);
        conditions.push({ kind: "text", field: textFields[name], values, negated: bang === "!" });
      } else throw new AppError("bad_request", `Replays cannot be searched by "${name.slice(0, 60)}". Use one of: ${[...Object.keys(textFields), ...Object.keys(numberFields)].filter((key) => !key.includes("_") || key.startsWith("count") || key.endsWith("_ids") || key === "replay_type").join(", ")}.`);
    }
    if (conditions.length > maxConditions) throw new AppError("bad_request", `A replay search has at most ${maxConditions} conditions.`);
  }
  return conditions;
}

function unquote(value: string): string {
  return value.replace(/\\(.)/g, "$1");
}

function numberCondition(field: ReplayNumberField, raw: string, negated: boolean): ReplayCondition {
  const match = /^(>=|<=|>|<|=)?(.+)$/.exec(raw);
  const operator = (match?.[1] ?? "=") as "=" | ">" | ">=" | "<" | "<=";
  const value = field === "duration" ? durationMs(match?.[2] ?? "") : Number(match?.[2]);
  if (value === null || !Number.isFinite(value)) throw new AppError("bad_request", `"${field}:" needs ${field === "duration" ? "a duration such as >30s, <5m or 1h" : "a number, optionally after >, >=, < or <="}.`);
  if (negated) return { kind: "number", field, operator: operator === "=" ? "!=" : ({ ">": "<=", ">=": "<", "<": ">=", "<=": ">" } as const)[operator], value };
  return { kind: "number", field, operator, value };
}

/** `30s`, `5m`, `1h`, `250ms`, or a bare number of seconds (Sentry's replay durations are seconds). */
function durationMs(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|min|h|d)?$/i.exec(text.trim());
  if (!match) return null;
  const unit = (match[2] ?? "s").toLowerCase();
  const factor = unit === "ms" ? 1 : unit === "s" ? 1000 : unit === "m" || unit === "min" ? 60_000 : unit === "h" ? 3_600_000 : 86_400_000;
  return Number(match[1]) * factor;
}
