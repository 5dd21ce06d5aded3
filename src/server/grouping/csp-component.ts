import { isRecord, type JsonObject } from "@/lib/json-values";
import type { VariantComponents } from "./exception-component";
import { component, leaf, mark } from "./grouping-component";

/** Sentry's marker for "the page's own origin" in CSP reports. */
const self = "'self'";
const schemePattern = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/s;

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * The blocked URI reduced to what identifies its source, as Sentry's CSP interface does: empty or "self" →
 * `'self'`; web URLs → their host as written (case kept, port included); other schemes (`data`, `blob`,
 * `chrome-extension://id`) → `scheme:` or `scheme://host`.
 */
export function normalizeCspUri(uri: string): string {
  if (uri === "" || uri === self || uri === "self") return self;
  const match = schemePattern.exec(uri.includes(":") ? uri : `${uri}:`);
  if (!match) return uri;
  const scheme = match[1]!.toLowerCase();
  const rest = match[2]!;
  const host = rest.startsWith("//") ? rest.slice(2).split(/[/?#]/)[0]! : "";
  if (scheme === "http" || scheme === "https") return host;
  return host ? `${scheme}://${host}` : `${scheme}:`;
}

/** The report's effective directive; old browsers only send `violated-directive` ("script-src 'self'"). */
function effectiveDirective(csp: JsonObject): string | null {
  return text(csp.effective_directive) ?? text(csp.violated_directive)?.split(" ")[0] ?? null;
}

/**
 * CSP reports (csp:v1), variant `default`: `[salt = effective directive, violation, uri]`. A local inline or
 * eval script violation groups by `'unsafe-inline'` / `'unsafe-eval'`; every other report by the blocked
 * URI's source (the corpus: `csp-no-blocked-uri` hashes `script-src` + `'self'`).
 */
function buildCspComponent(csp: JsonObject): VariantComponents {
  const directive = effectiveDirective(csp);
  const uri = normalizeCspUri(typeof csp.blocked_uri === "string" ? csp.blocked_uri : "");
  const violated = text(csp.violated_directive) ?? "";
  let localViolation: string | null = null;
  if (violated && directive === "script-src" && uri === self) {
    if (violated.includes("'unsafe-inline'")) localViolation = "unsafe-inline";
    else if (violated.includes("'unsafe-eval'")) localViolation = "unsafe-eval";
  }
  const violation = leaf("violation", localViolation && `'${localViolation}'`);
  const uriNode = leaf("uri", uri);
  if (localViolation) mark(uriNode, false, "violation takes precedence");
  else mark(violation, false, "not a local script violation");
  return new Map([["default", component("csp", [leaf("salt", directive), violation, uriNode])]]);
}

/** HPKP / Expect-CT / Expect-Staple reports: the report kind as salt, then the reported hostname. */
function buildHostnameReport(id: string, report: JsonObject): VariantComponents {
  return new Map([["default", component(id, [leaf("salt", id), leaf("hostname", text(report.hostname))])]]);
}

/** Security report strategies in Sentry's order (csp, hpkp, expect-staple, expect-ct); null without a report. */
export function buildSecurityReportVariants(event: JsonObject): { strategy: string; variants: VariantComponents } | null {
  if (isRecord(event.csp)) return { strategy: "csp", variants: buildCspComponent(event.csp) };
  if (isRecord(event.hpkp)) return { strategy: "hpkp", variants: buildHostnameReport("hpkp", event.hpkp) };
  if (isRecord(event.expectstaple)) return { strategy: "expect-staple", variants: buildHostnameReport("expect-staple", event.expectstaple) };
  if (isRecord(event.expectct)) return { strategy: "expect-ct", variants: buildHostnameReport("expect-ct", event.expectct) };
  return null;
}
