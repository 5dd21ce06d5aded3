import { randomUUID } from "node:crypto";
import { isRecord } from "@/lib/json-values";
import { IngestRefusal } from "../errors";
import { serializeEnvelope } from "./serialize-envelope";
import { ownValue } from "@/lib/own-value";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Most CSP reports one request may carry (the Reporting API batches them); the rest are dropped. */
export const maxReportsPerRequest = 20;

/** A CSP violation, from either wire format: `report-uri` (`{"csp-report": {…}}`) or the Reporting API. */
interface CspViolation {
  document_uri?: string;
  blocked_uri?: string;
  effective_directive?: string;
  violated_directive?: string;
  original_policy?: string;
  referrer?: string;
  status_code?: number;
  source_file?: string;
  line_number?: number;
  column_number?: number;
  script_sample?: string;
  disposition?: string;
}

/** What the request carries besides the body: Relay's `sentry_release`/`sentry_environment` and the browser's user agent. */
export interface SecurityReportContext {
  release: string | null;
  environment: string | null;
  userAgent: string | null;
}

// report-uri's hyphenated names and the Reporting API's camelCase ones, to the csp interface's snake_case.
const fieldNames = new Map<string, keyof CspViolation>(Object.entries({
  "document-uri": "document_uri",
  documentURL: "document_uri",
  "blocked-uri": "blocked_uri",
  blockedURL: "blocked_uri",
  "effective-directive": "effective_directive",
  effectiveDirective: "effective_directive",
  "violated-directive": "violated_directive",
  "original-policy": "original_policy",
  originalPolicy: "original_policy",
  referrer: "referrer",
  "status-code": "status_code",
  statusCode: "status_code",
  "source-file": "source_file",
  sourceFile: "source_file",
  "line-number": "line_number",
  lineNumber: "line_number",
  "column-number": "column_number",
  columnNumber: "column_number",
  "script-sample": "script_sample",
  sample: "script_sample",
  disposition: "disposition",
} as Record<string, keyof CspViolation>));
const numericFields = new Set<keyof CspViolation>(["status_code", "line_number", "column_number"]);

// What Sentry's messages call the resource a directive guards.
const resourceOfDirective: Record<string, string> = {
  "child-src": "child",
  "connect-src": "connect",
  "font-src": "font",
  "form-action": "form action",
  "frame-ancestors": "frame-ancestor",
  "frame-src": "frame",
  "img-src": "image",
  "manifest-src": "manifest",
  "media-src": "media",
  "object-src": "object",
  "script-src": "script",
  "script-src-elem": "script",
  "script-src-attr": "script",
  "style-src": "style",
  "style-src-elem": "style",
  "style-src-attr": "style",
  "worker-src": "worker",
  "base-uri": "base URI",
  "default-src": "resource",
};

/**
 * The browser reports of `/api/{project}/security/` (and its alias `/csp-report/`), each as the envelope of
 * one event the rest of ingest handles like any other: `report-uri`'s `application/csp-report` body or the
 * Reporting API's `application/reports+json` list, whose non-CSP reports are skipped. The event reads like
 * Sentry's CSP events: "Blocked 'script' from 'evil.example'", the directive as culprit, its `csp`
 * interface, and one issue per directive and blocked host.
 */
export function securityReportToEnvelopes(body: Uint8Array, context: SecurityReportContext, maxEventBytes: number): Uint8Array[] {
  if (body.length === 0) throw new IngestRefusal("bad_request", "empty security report");
  if (body.length > maxEventBytes) throw new IngestRefusal("payload_too_large", `the security report is ${body.length} bytes; the limit is ${maxEventBytes}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(body));
  } catch {
    throw new IngestRefusal("bad_request", "the security report is not valid JSON");
  }
  const violations = violationsOf(parsed);
  if (violations === null) throw new IngestRefusal("bad_request", 'the security report is neither {"csp-report": {…}} nor a Reporting API list of reports');
  return violations.slice(0, maxReportsPerRequest).map((violation) => eventEnvelope(violation, context));
}

function violationsOf(parsed: unknown): CspViolation[] | null {
  if (Array.isArray(parsed)) {
    return parsed.filter((report) => isRecord(report) && report.type === "csp-violation" && isRecord(report.body)).map((report) => violationFrom(report.body as Record<string, unknown>));
  }
  if (isRecord(parsed) && isRecord(parsed["csp-report"])) return [violationFrom(parsed["csp-report"])];
  return null;
}

function violationFrom(raw: Record<string, unknown>): CspViolation {
  const violation: CspViolation = {};
  for (const [name, value] of Object.entries(raw)) {
    const field = fieldNames.get(name);
    if (!field) continue;
    if (numericFields.has(field)) {
      if (typeof value === "number" && Number.isFinite(value)) (violation as Record<string, unknown>)[field] = value;
    } else if (typeof value === "string") {
      (violation as Record<string, unknown>)[field] = value;
    }
  }
  // report-uri's effective-directive is missing in older browsers: the violated one starts with it.
  violation.effective_directive ??= violation.violated_directive?.split(" ")[0];
  return violation;
}

function eventEnvelope(violation: CspViolation, context: SecurityReportContext): Uint8Array {
  const eventId = randomUUID().replaceAll("-", "");
  const directive = violation.effective_directive ?? "unknown-directive";
  const blocked = blockedSource(violation.blocked_uri);
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: "javascript",
    level: "error",
    logger: "csp",
    logentry: { formatted: messageOf(directive, blocked) },
    culprit: violation.violated_directive ?? directive,
    ...(context.release ? { release: context.release } : {}),
    ...(context.environment ? { environment: context.environment } : {}),
    tags: { "effective-directive": directive, "blocked-uri": violation.blocked_uri ?? "" },
    ...(violation.document_uri ? { request: { url: violation.document_uri, headers: requestHeaders(violation, context) } } : {}),
    csp: violation,
    fingerprint: ["csp", directive, blocked],
  };
  return serializeEnvelope({ event_id: eventId }, [{ header: { type: "event" }, payload: Buffer.from(JSON.stringify(event)) }]);
}

/** The host a resource was blocked from, or the keyword the browser sends instead of a URL (inline, eval…). */
function blockedSource(blockedUri: string | undefined): string {
  if (!blockedUri) return "self";
  try {
    const url = new URL(blockedUri);
    return url.host || url.protocol.replace(/:$/, "");
  } catch {
    return blockedUri;
  }
}

function messageOf(directive: string, blocked: string): string {
  const resource = ownValue(resourceOfDirective, directive) ?? directive;
  if (blocked === "inline") return `Blocked unsafe inline '${resource}'`;
  if (blocked === "eval") return `Blocked unsafe eval() '${resource}'`;
  return `Blocked '${resource}' from '${blocked}'`;
}

function requestHeaders(violation: CspViolation, context: SecurityReportContext): [string, string][] {
  const headers: [string, string][] = [];
  if (context.userAgent) headers.push(["User-Agent", context.userAgent]);
  if (violation.referrer) headers.push(["Referer", violation.referrer]);
  return headers;
}
