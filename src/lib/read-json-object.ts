import { isRecord, type JsonObject } from "./json-values";

const utf8 = new TextDecoder();

/**
 * The JSON object in an envelope item's bytes, or null when they hold something else (not JSON, or JSON
 * that is not an object): for readers that skip such an item rather than refuse it. Bytes that are not
 * UTF-8 decode with replacement characters, so a reader that filters secrets still sees the rest.
 */
export function readJsonObject(bytes: Uint8Array): JsonObject | null {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(bytes));
  } catch {
    return null;
  }
  return isRecord(value) ? value : null;
}
