import type { JsonObject } from "@/lib/json-values";

/** Sentry's limits for searchable tags: enough for every tag an SDK sets, bounded per event. */
const maxTagsPerEvent = 50;
const maxKeyChars = 32;
const maxValueChars = 200;

/**
 * The tag pairs an issue counts for one event, as Sentry shows them on an issue: the event's own tags plus
 * the ones Sentry derives — level, environment, release, transaction and user (the user key: id, email,
 * username or IP). Duplicate keys keep their first value.
 */
export function eventTagPairs(event: JsonObject, facts: { level: string; environment: string | null; release: string | null; userKey: string | null }): [string, string][] {
  const pairs = new Map<string, string>();
  const add = (key: string, value: unknown) => {
    if (pairs.size >= maxTagsPerEvent || typeof value !== "string" || value === "" || key === "" || pairs.has(key)) return;
    pairs.set(key.slice(0, maxKeyChars), value.slice(0, maxValueChars));
  };
  add("level", facts.level);
  add("environment", facts.environment);
  add("release", facts.release);
  add("transaction", event.transaction);
  add("user", facts.userKey);
  if (Array.isArray(event.tags)) {
    for (const pair of event.tags) if (Array.isArray(pair)) add(String(pair[0]), pair[1]);
  }
  return [...pairs];
}
