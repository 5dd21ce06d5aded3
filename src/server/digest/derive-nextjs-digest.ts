import { isRecord, readValues, type JsonObject } from "@/lib/json-values";

/** What Next.js's digest lookup needs of an event, as the SDK sent it (breadcrumbs before trimming). */
export interface DigestSources {
  platform: string;
  /** Normalized exceptions, oldest first: the last is the error the event reports. */
  exceptions: JsonObject[];
  rawBreadcrumbs: unknown;
  rawContexts: unknown;
}

/** Tag values are kept with at most 200 characters and no line breaks (normalize-tags). */
const maxDigestChars = 200;
/** The SDKs keep at most 100 breadcrumbs; a hostile list longer than that is not walked further. */
const maxCrumbsScanned = 100;
/** Next logs `"⨯", error`; a few more arguments cover other loggers without walking a hostile list. */
const maxArgumentsScanned = 8;
const runtimeNamesOfServers = new Set(["node", "edge", "vercel-edge", "bun", "deno", "cloudflare"]);

/**
 * The Next.js digest of a server error, from what an unmodified `@sentry/nextjs` (9.x, 10.x) sends: the SDK
 * never sends `error.digest` itself, but its console integration records the line Next.js logs just before it
 * calls `onRequestError` (`⨯ Error: … { digest: '…' }`) as a breadcrumb whose arguments hold the error object,
 * digest included; `extraErrorDataIntegration` copies the error's own properties into `contexts[<type>]`.
 * Either counts only when the logged error is the event's own (same type and message), so a digest never
 * comes from another error's breadcrumb. Browser events are skipped: the browser's redacted copy of a server
 * error ("Minified React error #441") carries the same digest, and the lookup should lead to the cause.
 */
export function deriveNextjsDigest(sources: DigestSources): string | null {
  const error = sources.exceptions[sources.exceptions.length - 1];
  if (!error || !isServerEvent(sources)) return null;
  const type = typeof error.type === "string" ? error.type : null;
  const message = typeof error.value === "string" ? error.value : "";
  if (type === null) return null;
  return digestFromErrorContext(sources.rawContexts, type) ?? digestFromConsoleBreadcrumbs(sources.rawBreadcrumbs, type, message);
}

function isServerEvent({ platform, rawContexts }: DigestSources): boolean {
  if (platform === "node") return true;
  if (!isRecord(rawContexts)) return false;
  if (isRecord(rawContexts.nextjs)) return true;
  const runtime = rawContexts.runtime;
  return isRecord(runtime) && typeof runtime.name === "string" && runtimeNamesOfServers.has(runtime.name.toLowerCase());
}

function digestFromErrorContext(rawContexts: unknown, type: string): string | null {
  if (!isRecord(rawContexts) || !Object.hasOwn(rawContexts, type)) return null;
  const context = rawContexts[type];
  return isRecord(context) ? validDigest(context.digest) : null;
}

/** The newest console breadcrumb that logged the event's own error with a digest. */
function digestFromConsoleBreadcrumbs(rawBreadcrumbs: unknown, type: string, message: string): string | null {
  const crumbs = readValues(rawBreadcrumbs, false);
  if (crumbs === "invalid" || crumbs === null) return null;
  const oldest = Math.max(0, crumbs.length - maxCrumbsScanned);
  for (let index = crumbs.length - 1; index >= oldest; index--) {
    const crumb = crumbs[index];
    if (!isRecord(crumb) || crumb.category !== "console" || !isRecord(crumb.data)) continue;
    const args = crumb.data.arguments;
    if (!Array.isArray(args)) continue;
    const scanned = Math.min(args.length, maxArgumentsScanned);
    for (let position = 0; position < scanned; position++) {
      const logged: unknown = args[position];
      if (!isRecord(logged) || logged.name !== type || typeof logged.message !== "string") continue;
      if (!sameMessage(logged.message, message)) continue;
      const digest = validDigest(logged.digest);
      if (digest !== null) return digest;
    }
  }
  return null;
}

/** Equal, or one cut short by an SDK or Lantern ("...") and the rest the same. */
function sameMessage(logged: string, reported: string): boolean {
  if (logged === reported) return true;
  const reportedPrefix = withoutEllipsis(reported);
  if (reportedPrefix !== null && logged.startsWith(reportedPrefix)) return true;
  const loggedPrefix = withoutEllipsis(logged);
  return loggedPrefix !== null && reported.startsWith(loggedPrefix);
}

/** The text before a trailing "..." or "…", or null when it has none (or nothing before it). */
function withoutEllipsis(text: string): string | null {
  const end = text.endsWith("...") ? text.length - 3 : text.endsWith("…") ? text.length - 1 : -1;
  return end > 0 ? text.slice(0, end) : null;
}

function validDigest(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const digest = value.trim();
  if (digest === "" || digest.length > maxDigestChars || /[\u0000-\u001f\u007f]/.test(digest)) return null;
  return digest;
}
