import { isRecord, type JsonObject } from "@/lib/json-values";

/** Sentry's limits for searchable tags: enough for every tag an SDK sets, bounded per event. */
const maxTagsPerEvent = 50;
const maxKeyChars = 32;
const maxValueChars = 200;

/**
 * The keys digest derives from every event (besides the SDK's own tags), as Sentry derives them. Search
 * treats them as known in every project; the search docs and the advertised-syntax test list them.
 */
export const derivedTagKeys = [
  "level",
  "environment",
  "release",
  "transaction",
  "user",
  "user.id",
  "user.email",
  "user.username",
  "user.ip",
  "browser",
  "browser.name",
  "os",
  "os.name",
  "device",
  "device.family",
  "runtime",
  "runtime.name",
  "url",
  "handled",
  "mechanism",
  "error.type",
] as const;

/**
 * The tag pairs an issue counts for one event, as Sentry shows them on an issue: the ones Sentry derives —
 * level, environment, release, transaction, the user key (id, email, username or IP) and each of the user's
 * identifiers, browser / OS / device / runtime from the contexts (digest fills browser, OS and device from
 * the User-Agent when a browser SDK sends only that), the request URL, and whether the crashing exception
 * was handled, by what mechanism and of which type — then the event's own tags. Derived pairs come first so
 * the 50-tag cap never drops them; duplicate keys keep their first value. Events stored before a key was
 * derived keep the pairs they had (recounting an issue derives them again from the stored payloads).
 */
export function eventTagPairs(event: JsonObject, facts: { level: string; environment: string | null; release: string | null; userKey: string | null }): [string, string][] {
  const pairs = new Map<string, string>();
  const add = (key: string, value: unknown) => {
    if (pairs.size >= maxTagsPerEvent || typeof value !== "string" || value === "" || key === "") return;
    const trimmedKey = key.slice(0, maxKeyChars);
    if (!pairs.has(trimmedKey)) pairs.set(trimmedKey, value.slice(0, maxValueChars));
  };
  add("level", facts.level);
  add("environment", facts.environment);
  add("release", facts.release);
  add("transaction", event.transaction);
  add("user", facts.userKey);
  const user = isRecord(event.user) ? event.user : {};
  add("user.id", user.id);
  add("user.email", user.email);
  add("user.username", user.username);
  add("user.ip", user.ip_address);
  const contexts = isRecord(event.contexts) ? event.contexts : {};
  for (const name of ["browser", "os", "runtime"] as const) {
    const context = contexts[name];
    if (!isRecord(context) || typeof context.name !== "string") continue;
    // Trimmed: @sentry/node reads the OS version from /etc/os-release and sends it with its newline.
    const contextName = context.name.trim();
    const version = typeof context.version === "string" ? context.version.trim() : "";
    add(name, version !== "" ? `${contextName} ${version}` : contextName);
    add(`${name}.name`, contextName);
  }
  const device = contexts.device;
  if (isRecord(device)) {
    add("device", device.model);
    add("device.family", device.family);
  }
  if (isRecord(event.request)) add("url", event.request.url);
  const crashing = crashingException(event);
  if (crashing) {
    const mechanism = isRecord(crashing.mechanism) ? crashing.mechanism : null;
    if (typeof mechanism?.handled === "boolean") add("handled", mechanism.handled ? "yes" : "no");
    add("mechanism", mechanism?.type);
    add("error.type", crashing.type);
  }
  if (Array.isArray(event.tags)) {
    for (const pair of event.tags) if (Array.isArray(pair)) add(String(pair[0]), pair[1]);
  }
  return [...pairs];
}

/** The exception that ended the program's path: the newest (last) of the chain, as the SDKs send it. */
function crashingException(event: JsonObject): JsonObject | null {
  if (!isRecord(event.exception) || !Array.isArray(event.exception.values)) return null;
  const last: unknown = event.exception.values.at(-1);
  return isRecord(last) ? last : null;
}
