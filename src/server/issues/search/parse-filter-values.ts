import type { Comparison, TimePoint } from "./issue-query";

/**
 * Values of the time and count filters. Each returns the parsed value or a message saying what was
 * expected; the caller adds the position.
 */

const unitMs: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };
const relativePattern = /^([+-])(\d{1,6})([mhdw])$/;
const comparisonPattern = /^(>=|<=|>|<|=)?(.*)$/;
const datePattern = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:\d{2})?)?$/;

export type ParsedTime = { op: Comparison; point: TimePoint };

/**
 * `-24h` (within the last 24 hours), `+7d` (more than 7 days ago), units m h d w; or a UTC date or date-time
 * after `>`, `>=`, `<`, `<=` (`>2026-11-01`, `<2026-11-01T12:00`); a bare date means that whole day.
 */
export function parseTimeValue(value: string): ParsedTime | string {
  const expected = `expects a time such as -24h, +7d, >2026-11-01 or <2026-11-01T12:00Z, not “${value}”`;
  const relative = relativePattern.exec(value);
  if (relative) {
    const ms = Number(relative[2]) * unitMs[relative[3]!]!;
    // -24h: seen at or after 24 hours ago; +24h: seen before then.
    return { op: relative[1] === "-" ? ">=" : "<", point: { kind: "ago", ms } };
  }
  const [, operator, rest = ""] = comparisonPattern.exec(value)!;
  const date = datePattern.exec(rest);
  if (!date) return expected;
  const [, day, time, zone] = date;
  const ms = Date.parse(time ? `${day}T${time}${zone ?? "Z"}` : `${day}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March; a date that does not come back unchanged does not exist.
  if (Number.isNaN(ms) || (!zone && new Date(ms).toISOString().slice(0, 10) !== day)) return `has no such date: “${rest}”`;
  const op = (operator ?? "=") as Comparison;
  if (op === "=" && time) return `needs >, >=, < or <= before a date with a time, as in >${rest}`;
  return { op, point: { kind: "at", ms } };
}

/** `10`, `>10`, `>=3`, `<5`, `<=5`, `=7`: a whole number with an optional comparison. */
export function parseCountValue(value: string): { op: Comparison; value: number } | string {
  const match = /^(>=|<=|>|<|=)?(\d{1,12})$/.exec(value);
  if (!match) return `expects a whole number with an optional >, >=, < or <=, as in >10, not “${value}”`;
  return { op: (match[1] ?? "=") as Comparison, value: Number(match[2]) };
}
