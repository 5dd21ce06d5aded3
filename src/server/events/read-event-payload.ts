import { inflateSync } from "node:zlib";
import type { JsonObject } from "@/lib/json-values";

/** The stored, normalized event: digest keeps it as deflated JSON. */
export function readEventPayload(payload: Uint8Array): JsonObject {
  return JSON.parse(inflateSync(payload).toString("utf8")) as JsonObject;
}
