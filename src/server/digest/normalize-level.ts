/** Sentry levels with Relay's aliases (`log`, `warn`, `critical`) and Python's numeric logging levels. */
export type Level = "debug" | "info" | "warning" | "error" | "fatal";

// Maps, not object literals: a level named "constructor" must not find Object's prototype.
const levelByName = new Map<string, Level>([
  ["debug", "debug"],
  ["info", "info"],
  ["log", "info"],
  ["warning", "warning"],
  ["warn", "warning"],
  ["error", "error"],
  ["fatal", "fatal"],
  ["critical", "fatal"],
]);

const levelByNumber = new Map<number, Level>([
  [10, "debug"],
  [20, "info"],
  [30, "warning"],
  [40, "error"],
  [50, "fatal"],
]);

export function normalizeLevel(value: unknown): Level | null {
  if (typeof value === "string") return value.length <= 16 ? (levelByName.get(value.trim().toLowerCase()) ?? null) : null;
  if (typeof value === "number") return levelByNumber.get(value) ?? null;
  return null;
}
