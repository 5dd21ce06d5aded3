import { deflateSync } from "node:zlib";
import type { LogAttribute, LogInput } from "./read-logs";
import { termsOfLine } from "./log-terms";

/**
 * A log row before its strings have ids: digest makes these off the writer's thread (the deflated payload and
 * the search tokens included); write-logs.ts resolves the strings and writes them.
 */
export interface LogDraft {
  timestampUs: number;
  traceId: string;
  spanId: string | null;
  severity: number;
  template: string | null;
  release: string | null;
  environment: string | null;
  body: string;
  /** The line's search tokens (log-terms.ts), space-separated. */
  terms: string;
}

/** What one line keeps in its item's payload: attributes, parameters, the level as sent when it is not canonical. */
export interface LogPayloadEntry {
  a?: Record<string, LogAttribute>;
  p?: Record<string, LogAttribute>;
  l?: string;
}

/** The lines of one envelope item and their shared payload: one `log_payloads` row, one `logs` row each. */
export interface LogItemRows {
  projectId: number;
  receivedAt: number;
  /** Deflated JSON: an array of LogPayloadEntry, one per line in `logs` order (`payload_index`). */
  payload: Uint8Array;
  logs: LogDraft[];
}

export const parameterAttributePrefix = "sentry.message.parameter.";

export function logItemRows(projectId: number, receivedAt: number, logs: LogInput[]): LogItemRows {
  const entries: LogPayloadEntry[] = [];
  const drafts = logs.map((log): LogDraft => {
    const entry: LogPayloadEntry = {};
    if (Object.keys(log.attributes).length > 0) entry.a = log.attributes;
    if (Object.keys(log.parameters).length > 0) entry.p = log.parameters;
    if (log.levelText !== null) entry.l = log.levelText;
    entries.push(entry);
    const searchable: Record<string, LogAttribute> = { ...log.attributes };
    for (const [name, value] of Object.entries(log.parameters)) searchable[parameterAttributePrefix + name] = value;
    return {
      timestampUs: log.timestampUs,
      traceId: log.traceId,
      spanId: log.spanId,
      severity: log.severityNumber,
      template: log.template,
      release: log.release,
      environment: log.environment,
      body: log.body,
      terms: termsOfLine(log.body, log.traceId, searchable).join(" "),
    };
  });
  // Level 6 as for spans: a hundred lines of one flush share most of their keys and values.
  return { projectId, receivedAt, payload: deflateSync(JSON.stringify(entries), { level: 6 }), logs: drafts };
}
