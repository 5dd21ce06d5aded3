import { defaultScrubSettings, scrubEvent } from "@/server/digest/scrub-event";
import { normalizeEvent } from "@/server/digest/normalize-event";
import { computeGrouping, emptyGroupingConfig, type GroupingConfig } from "@/server/grouping/compute-grouping";
import type { GroupingResult } from "@/lib/grouping-result";
import { deriveCulprit } from "@/server/issues/derive-culprit";
import { eventTagPairs } from "@/server/issues/event-tag-pairs";

const md5Hex = /^[0-9a-f]{32}$/;

/**
 * The pure part of digesting one event item, in digest-envelope's order: scrub, normalize, group, culprit,
 * tags, the stored JSON. Also checks what digest relies on from the result, so a property built on it
 * fails on a wrong answer as well as on an exception.
 */
export function runDigestSteps(parsed: unknown, grouping: GroupingConfig = emptyGroupingConfig): GroupingResult {
  if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) scrubEvent(parsed as Record<string, unknown>, defaultScrubSettings);
  const normalized = normalizeEvent(parsed, { receivedAt: Date.now(), sentAt: "2026-11-22T16:06:29.924Z", headerEventId: "9ec79c33ec9942ab8353589fcb2e04dc", clientIp: "203.0.113.9" });
  const result = computeGrouping(normalized.event, grouping);
  deriveCulprit(normalized.event);
  eventTagPairs(normalized.event, normalized);
  JSON.stringify(normalized.event);
  if (!md5Hex.test(normalized.eventId)) throw new Error(`normalized event id ${normalized.eventId} is not 32 hex digits`);
  if (!Number.isFinite(normalized.timestampMs)) throw new Error(`normalized timestamp ${normalized.timestampMs} is not finite`);
  if (typeof normalized.title !== "string" || normalized.title === "") throw new Error("normalized event has no title");
  if (result.hashes.length === 0 || !result.hashes.every((hash) => md5Hex.test(hash))) throw new Error(`grouping gave hashes ${JSON.stringify(result.hashes)}`);
  return result;
}
