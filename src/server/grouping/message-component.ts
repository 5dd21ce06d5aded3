import { isRecord, type JsonObject } from "@/lib/json-values";
import type { VariantComponents } from "./exception-component";
import { leaf } from "./grouping-component";
import { normalizeMessageForGrouping } from "./normalize-message";

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * §5.5 message:v1 (score 0), variant `default`: the log template (`logentry.message`) when there is one, so
 * `logger.error("User %s failed", uid)` groups by its template, else the formatted message; normalized so
 * that numbers, ids and similar variable parts do not split groups. Returns null without a message.
 * Lantern's normalization keeps `logentry.message` only when it differs from `formatted`.
 */
export function buildMessageVariants(event: JsonObject): VariantComponents | null {
  const logentry = isRecord(event.logentry) ? event.logentry : null;
  const raw = text(logentry?.message) ?? text(logentry?.formatted) ?? text(event.message);
  if (logentry === null && raw === null) return null;
  const message = raw ?? "";
  const normalized = normalizeMessageForGrouping(message);
  return new Map([["default", leaf("message", normalized, normalized !== message ? "stripped event-specific values" : null)]]);
}
