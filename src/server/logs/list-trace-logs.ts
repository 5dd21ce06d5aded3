import { sql, type SqlBool } from "kysely";
import { authorize, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import { AppError } from "../errors";
import { traceToken } from "./log-terms";
import { levelOfSeverity } from "./read-logs";
import { logsExplorerPath } from "@/lib/related-logs";
import { parseTraceId } from "@/lib/trace-id";
import type { RelatedLogLine, TraceLogs } from "@/lib/views/related-logs";

/** Lines a trace page shows at most; beyond it the explorer has them all (`total` says how many). */
export const maxTraceLogLines = 1_000;

export interface ListTraceLogsOptions {
  traceId: string;
  /** At most this many lines (default and ceiling `maxTraceLogLines`). */
  maxLines?: number;
  /** Newest first (the issue page) instead of oldest first (the waterfall). */
  newestFirst?: boolean;
}

/**
 * The log lines of one trace in the projects the viewer can see, for the waterfall (each on its span) and
 * the issue page. The trace's search token (log-terms.ts: the first 16 hex digits) narrows through the search
 * index — FTS5 on SQLite, the tsvector GIN index on PostgreSQL — and the row's full trace id confirms it; no
 * time window, so a line stamped far from its spans (a skewed clock) still shows. Lines beyond `maxLines` are
 * only counted.
 */
export async function listTraceLogs(context: AccessContext, { traceId, maxLines = maxTraceLogLines, newestFirst = false }: ListTraceLogsOptions): Promise<TraceLogs> {
  authorize(context, "log.search");
  const id = parseTraceId(traceId);
  if (id === null) throw new AppError("bad_request", "A trace id is 32 hexadecimal digits (0-9, a-f), as in 4bf92f3577b34da6a3ce929d0e0e4736.");
  const limit = Math.max(1, Math.min(maxLines, maxTraceLogLines));
  const direction = newestFirst ? "desc" : "asc";
  const rows = await traceLines(context, id)
    .innerJoin("projects", "projects.id", "logs.project_id")
    .select(["logs.id", "logs.project_id", "projects.slug", "logs.timestamp_us", "logs.severity", "logs.body", "logs.span_id"])
    .orderBy("logs.timestamp_us", direction)
    .orderBy("logs.id", direction)
    .limit(limit + 1)
    .execute();
  const isCapped = rows.length > limit;
  const total = isCapped ? Number((await traceLines(context, id).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n) : rows.length;
  const lines: RelatedLogLine[] = rows.slice(0, limit).map((row) => {
    const severityNumber = Number(row.severity);
    return {
      id: Number(row.id),
      projectId: Number(row.project_id),
      projectSlug: row.slug,
      timestampUs: Number(row.timestamp_us),
      severity: levelOfSeverity(severityNumber),
      severityNumber,
      message: row.body,
      traceId: id,
      spanId: row.span_id === null ? null : Buffer.from(row.span_id).toString("hex"),
    };
  });
  return { traceId: id, lines, total, isCapped, maxLines: limit, explorerPath: logsExplorerPath(`trace:${id}`) };
}

function traceLines(context: AccessContext, traceId: string) {
  const visible = visibleProjectIds(context.viewer);
  const token = traceToken(traceId);
  // The token is exact (no prefix), quoted for FTS5 and for to_tsquery alike.
  const indexed = context.database.dialect === "postgres" ? sql<SqlBool>`logs.terms @@ ${`'${token}'`}::tsquery` : sql<SqlBool>`logs.id in (select rowid from logs_fts where logs_fts match ${`"${token}"`})`;
  return (
    context.db
      .selectFrom("logs")
      .where(indexed)
      .where("logs.trace_id", "=", Buffer.from(traceId, "hex"))
      // The unary + keeps SQLite from walking a project's whole time index instead of the trace's few ids.
      .$if(visible !== null, (query) => query.where(sql`+logs.project_id`, "in", visible!.length > 0 ? visible! : [-1]))
  );
}
