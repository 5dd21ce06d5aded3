/**
 * Small shape helpers for untrusted JSON (events, reports, rules): every read checks its type. Shared by digest's
 * normalizers, grouping and the views, so it lives here, apart from any one of them.
 */
export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Assigns without tripping the `__proto__` setter, which JSON.parse leaves as an ordinary own key. */
export function setOwn(target: JsonObject, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * Sentry's `Values<T>`: `{values: [...]}`, a bare list, or (where `single` allows it) one object.
 * Returns null when the field is absent and "invalid" when it has another shape.
 */
export function readValues(value: unknown, single: boolean): unknown[] | null | "invalid" {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value;
  if (isRecord(value)) {
    if (Array.isArray(value.values)) return value.values;
    if ("values" in value) return value.values === null ? null : "invalid";
    return single ? [value] : "invalid";
  }
  return "invalid";
}

/** Relay's lenient strings: numbers and booleans become their text; anything else is not a string. */
export function lenientString(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  return null;
}

/**
 * Whether a parsed JSON value nests containers deeper than `maxDepth` (the value itself is depth 1). Walks
 * without recursion: JSON.parse accepts any depth, but JSON.stringify and recursive walks overflow the stack.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth > maxDepth) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === "object" && child !== null) pending.push([child, depth + 1]);
    }
  }
  return false;
}
