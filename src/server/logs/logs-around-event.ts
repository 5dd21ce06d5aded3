import { authorizeIssues, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { readEventPayload } from "../events/read-event-payload";
import { listTraceLogs } from "./list-trace-logs";
import type { LogCondition } from "./parse-log-search";
import { searchLogs, type FoundLog } from "./search-logs";
import { readTags } from "@/lib/event-payload";
import { logsExplorerPath, quoteLogQueryValue } from "@/lib/related-logs";
import { eventTraceId } from "@/lib/trace-id";
import type { LogAroundEvent, LogsAroundEvent, RelatedLogLine } from "@/lib/views/related-logs";

/** Lines shown beside an event at most: its trace's first, then the nearby ones. */
export const maxLinesAroundEvent = 50;
/** How far before and after the event a line of the same server/release counts as nearby. */
export const nearbyWindowMs = 120_000;

export interface LogsAroundEventInput {
  issueId: number;
  /** The event's 32-hex id. */
  eventId: string;
}

/**
 * "Logs around this event" on the issue page: first the lines of the event's trace (`contexts.trace.trace_id`,
 * in any project the viewer can see — a distributed trace's backend lines explain a frontend error), then the
 * lines of the event's project from the same server (the `server.address` attribute the SDKs set from
 * `serverName`, the event's `server_name`) and release within ±2 minutes of the event, each part newest first,
 * at most `maxLinesAroundEvent` in all. An event naming neither a server nor a release has no nearby lines:
 * every line of the project within ±2 minutes is a guess, not a neighbour.
 */
export async function listLogsAroundEvent(context: AccessContext, { issueId, eventId }: LogsAroundEventInput): Promise<LogsAroundEvent> {
  await authorizeIssues(context, "event.read", [issueId]);
  const event = await context.db.selectFrom("events").select(["project_id", "timestamp", "release", "payload", "trace_id"]).where("issue_id", "=", issueId).where("event_id", "=", eventId.replaceAll("-", "").toLowerCase()).executeTakeFirst();
  if (!event) throw new AppError("not_found", `This issue has no event ${eventId.slice(0, 40)}.`);
  const payload = readEventPayload(event.payload);
  const traceId = event.trace_id ?? eventTraceId(payload);
  // Digest moves `server_name` into the tags (normalize-tags.ts); an older payload may still hold it.
  const serverTag = readTags(payload).find(([key]) => key === "server_name")?.[1] ?? (typeof payload.server_name === "string" ? payload.server_name : "");
  const serverName = serverTag === "" ? null : serverTag;
  const release = event.release;
  const eventTimestampMs = Number(event.timestamp);

  const inTrace = traceId === null ? { lines: [], isCapped: false } : await listTraceLogs(context, { traceId, maxLines: maxLinesAroundEvent, newestFirst: true });
  const lines: LogAroundEvent[] = inTrace.lines.map((line) => ({ ...line, relation: "trace" }));
  const nearbyConditions: LogCondition[] = [
    ...(serverName === null ? [] : [{ kind: "attribute" as const, key: "server.address", values: [serverName], negated: false }]),
    ...(release === null ? [] : [{ kind: "column" as const, key: "release" as const, values: [release], negated: false }]),
  ];
  let hasMoreNearby = false;
  const room = maxLinesAroundEvent - lines.length;
  if (nearbyConditions.length > 0 && room > 0) {
    const nearby = await searchLogs(context, {
      conditions: [...nearbyConditions, ...(traceId === null ? [] : [{ kind: "column" as const, key: "trace" as const, values: [traceId], negated: true }])],
      window: { startUs: (eventTimestampMs - nearbyWindowMs) * 1000, endUs: (eventTimestampMs + nearbyWindowMs) * 1000 + 1 },
      projects: [String(event.project_id)],
      environments: [],
      sort: { key: "timestamp", descending: true },
      limit: room,
      offset: 0,
    });
    lines.push(...nearby.rows.map((row) => ({ ...relatedLine(row), relation: "nearby" as const })));
    hasMoreNearby = nearby.hasMore;
  }
  const nearbyQuery = [serverName === null ? null : `server.address:${quoteLogQueryValue(serverName)}`, release === null ? null : `release:${quoteLogQueryValue(release)}`].filter((term) => term !== null).join(" ");
  return {
    eventTimestampMs,
    traceId,
    serverName,
    release,
    windowMs: nearbyWindowMs,
    lines,
    maxLines: maxLinesAroundEvent,
    hasMoreInTrace: inTrace.isCapped,
    hasMoreNearby,
    traceExplorerPath: traceId === null ? null : logsExplorerPath(`trace:${traceId}`),
    nearbyExplorerPath: nearbyQuery === "" ? null : logsExplorerPath(nearbyQuery),
  };
}

function relatedLine(row: FoundLog): RelatedLogLine {
  return { id: row.id, projectId: row.projectId, projectSlug: row.project, timestampUs: row.timestampUs, severity: row.severity, severityNumber: row.severityNumber, message: row.message, traceId: row.traceId, spanId: row.spanId };
}
