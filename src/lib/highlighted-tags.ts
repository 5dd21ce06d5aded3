import { readExceptions, readTags } from "./event-payload";

/**
 * The few facts people look for first on an event — environment, release, browser or runtime, OS, user,
 * URL, handled — for the strip under the issue page's header. Each is read from the event's tag pairs
 * first (digest derives `browser`, `os`, `runtime`, `url`, `handled`… for new events) and, for events stored
 * before those tags existed, from the contexts, user, request and exception the event carries. Text only.
 */
export interface HighlightedTag {
  /** The search key the value belongs to (`browser`, `os`…), for a link to the issues with it. */
  key: string;
  label: string;
  value: string;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : null);

function context(payload: Json, name: string): Json | null {
  const contexts = isRecord(payload.contexts) ? payload.contexts : null;
  const value = contexts?.[name];
  return isRecord(value) ? value : null;
}

/** "Chrome 131.0" from a context's name and version, the name alone without one. */
function nameAndVersion(value: Json | null): string | null {
  if (!value) return null;
  const name = text(value.name);
  if (!name) return null;
  const version = text(value.version);
  return version ? `${name} ${version}` : name;
}

function userText(payload: Json): string | null {
  const user = isRecord(payload.user) ? payload.user : null;
  if (!user) return null;
  return text(user.email) ?? text(user.username) ?? text(user.id) ?? text(user.ip_address);
}

function handledText(payload: Json): string | null {
  const mechanisms = readExceptions(payload).flatMap((exception) => (exception.mechanism ? [exception.mechanism] : []));
  if (mechanisms.length === 0) return null;
  // An error is unhandled when any exception of its chain says so (as Sentry counts it).
  if (mechanisms.some((mechanism) => mechanism.handled === false)) return "no";
  return mechanisms.some((mechanism) => mechanism.handled === true) ? "yes" : null;
}

export function readHighlightedTags(payload: Json): HighlightedTag[] {
  const tags = new Map(readTags(payload));
  const request = isRecord(payload.request) ? payload.request : null;
  const candidates: [key: string, label: string, value: string | null | undefined][] = [
    ["environment", "Environment", tags.get("environment") ?? text(payload.environment)],
    ["release", "Release", tags.get("release") ?? text(payload.release)],
    ["browser", "Browser", tags.get("browser") ?? nameAndVersion(context(payload, "browser"))],
    ["runtime", "Runtime", tags.get("runtime") ?? nameAndVersion(context(payload, "runtime"))],
    ["os", "OS", tags.get("os") ?? nameAndVersion(context(payload, "os"))],
    ["user", "User", userText(payload) ?? tags.get("user")],
    ["url", "URL", tags.get("url") ?? text(request?.url)],
    ["handled", "Handled", tags.get("handled") ?? handledText(payload)],
  ];
  return candidates.flatMap(([key, label, value]) => (value ? [{ key, label, value }] : []));
}
