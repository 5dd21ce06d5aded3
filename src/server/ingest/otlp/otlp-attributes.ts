import { isRecord } from "@/lib/json-values";

/** A span v2 attribute (telemetry-protocol §1.3). */
export interface TypedAttribute {
  type: "string" | "boolean" | "integer" | "double";
  value: string | boolean | number;
}

export const maxAttributeValueLength = 8 * 1024;
export const maxAttributeKeyLength = 256;
const maxArrayDepth = 8;
const maxArrayElements = 1000;

export function capText(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

/** base64 bytes (OTLP/JSON and the protobuf decoder both give base64) → their UTF-8 text. */
function bytesAsText(base64: string): string {
  return Buffer.from(base64, "base64").toString("utf8");
}

/** An OTLP 64-bit integer (a decimal string in OTLP/JSON, or a number) → a JavaScript number when exact, else its text. */
function integerOf(value: unknown): number | string | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== "string" || !/^-?\d{1,20}$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : value;
}

/** An array's elements as plain JSON values (for its JSON-string form); kvlists inside are dropped like kvlists outside. */
function plainValue(any: unknown, depth: number): unknown {
  if (!isRecord(any)) return undefined;
  if (typeof any.stringValue === "string") return capText(any.stringValue, maxAttributeValueLength);
  if (typeof any.boolValue === "boolean") return any.boolValue;
  if (any.intValue !== undefined) return integerOf(any.intValue) ?? undefined;
  if (any.doubleValue !== undefined) return typeof any.doubleValue === "number" ? any.doubleValue : String(any.doubleValue);
  if (typeof any.bytesValue === "string") return capText(bytesAsText(any.bytesValue), maxAttributeValueLength);
  if (isRecord(any.arrayValue) && depth < maxArrayDepth) {
    const values = Array.isArray(any.arrayValue.values) ? any.arrayValue.values.slice(0, maxArrayElements) : [];
    return values.map((value) => plainValue(value, depth + 1)).filter((value) => value !== undefined);
  }
  return undefined;
}

/**
 * One OTLP `AnyValue` as a typed attribute (telemetry-protocol §2.3): bytes → their UTF-8 text, arrays →
 * a JSON string, key-value lists → dropped (null). An integer beyond 2^53 stays exact as a string, and a
 * double OTLP/JSON spells as text ("NaN", "Infinity") is kept as that text: JSON numbers can hold neither.
 */
export function typedAttribute(any: unknown): TypedAttribute | null {
  if (!isRecord(any)) return null;
  if (typeof any.stringValue === "string") return { type: "string", value: capText(any.stringValue, maxAttributeValueLength) };
  if (typeof any.boolValue === "boolean") return { type: "boolean", value: any.boolValue };
  if (any.intValue !== undefined) {
    const integer = integerOf(any.intValue);
    if (integer === null) return null;
    return typeof integer === "number" ? { type: "integer", value: integer } : { type: "string", value: integer };
  }
  if (any.doubleValue !== undefined) {
    if (typeof any.doubleValue === "number") return { type: "double", value: any.doubleValue };
    return typeof any.doubleValue === "string" ? { type: "string", value: capText(any.doubleValue, 32) } : null;
  }
  if (typeof any.bytesValue === "string") return { type: "string", value: capText(bytesAsText(any.bytesValue), maxAttributeValueLength) };
  if (isRecord(any.arrayValue)) return { type: "string", value: capText(JSON.stringify(plainValue(any, 0)), maxAttributeValueLength) };
  return null;
}

export interface ReadAttributes {
  attributes: Map<string, TypedAttribute>;
  dropped: number;
}

/**
 * An OTLP `KeyValue[]` → typed attributes under `prefix`, at most `room` of them; the rest, and those without
 * a usable key or value, are counted as dropped. A Map, so a key such as `__proto__` is only a key.
 */
export function readAttributes(list: unknown, prefix: string, room: number): ReadAttributes {
  const attributes = new Map<string, TypedAttribute>();
  let dropped = 0;
  if (!Array.isArray(list)) return { attributes, dropped };
  for (const entry of list) {
    const key = isRecord(entry) && typeof entry.key === "string" ? entry.key : "";
    const value = key === "" || key.length > maxAttributeKeyLength || attributes.size >= room ? null : typedAttribute(entry.value);
    if (value === null) {
      // Key-value lists are dropped by rule (§2.3), not counted as lost.
      if (!(isRecord(entry) && isRecord(entry.value) && "kvlistValue" in entry.value)) dropped++;
      continue;
    }
    attributes.set(prefix + key, value);
  }
  return { attributes, dropped };
}

/** The plain value of a typed attribute, for reading (`service.version`, `http.route`, …). */
export function textOf(attributes: Map<string, TypedAttribute>, key: string): string | null {
  const entry = attributes.get(key);
  return entry && typeof entry.value === "string" && entry.value !== "" ? entry.value : null;
}

/** An OTLP `KeyValue[]` as a plain object of plain values (span events' attributes, capped like the rest). */
export function plainAttributes(list: unknown, room: number): Record<string, unknown> {
  const plain = new Map<string, unknown>();
  const { attributes } = readAttributes(list, "", room);
  for (const [key, attribute] of attributes) plain.set(key, attribute.value);
  return Object.fromEntries(plain);
}
