import type { Kysely } from "kysely";
import type { Database } from "@/server/db/schema";
import { buildEnvelope } from "../support/sdk-helpers";
import { storeEnvelope } from "../support/store-envelope";

/** One log line as an SDK sends it in a `log` container (telemetry-protocol §1.4); times in epoch milliseconds. */
export interface LogLineSeed {
  atMs: number;
  traceId: string;
  spanId?: string;
  level: "trace" | "debug" | "info" | "warn" | "error" | "fatal";
  body: string;
  server?: string;
  release?: string;
}

/** Commits the lines to the intake as one envelope of one `log` container, as ingest would; digest stores them. */
export function storeLogLines(db: Kysely<Database>, projectId: number, lines: LogLineSeed[]): Promise<number> {
  const items = lines.map((line) => ({
    timestamp: line.atMs / 1000,
    trace_id: line.traceId,
    ...(line.spanId ? { span_id: line.spanId } : {}),
    level: line.level,
    body: line.body,
    attributes: {
      ...(line.server ? { "server.address": { type: "string", value: line.server } } : {}),
      ...(line.release ? { "sentry.release": { type: "string", value: line.release } } : {}),
    },
  }));
  const body = buildEnvelope({}, [{ header: { type: "log", item_count: items.length, content_type: "application/vnd.sentry.items.log+json" }, payload: JSON.stringify({ items }) }]);
  return storeEnvelope(db, projectId, body, { eventId: null, itemTypes: ["log"], summary: null, sdkName: null });
}
