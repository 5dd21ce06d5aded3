import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { listIssueEvents } from "../../events/list-issue-events";
import { parseErrorSearch } from "../../events/parse-error-search";
import { searchErrorEvents } from "../../events/search-error-events";
import { findApiIssue } from "../issues/find-api-issue";
import { formatCursor, parseCursor, parseLimit, type PageLink } from "../pagination";
import type { ApiEvent, ApiEventSummary } from "../schemas";
import { loadSerializableEvents } from "./load-serializable-events";
import { serializeEvent, serializeEventSummary } from "./serialize-event";

export interface ApiEventPage {
  events: (ApiEvent | ApiEventSummary)[];
  previous: PageLink;
  next: PageLink;
}

/**
 * An issue's stored events, newest first (Sentry's /issues/{id}/events/): the short form from the event
 * columns, or with `full=true` the whole events (payloads read for that page only). `environment` and
 * `query` (text in the title) narrow the list. Pages go forward only (the `next` link); a `previous`
 * cursor is refused. A query with `key:value` terms (`user.email:…`, `release:…`, tags) is read as the
 * errors dataset's query (events/parse-error-search.ts) over the issue's events in the time window
 * (`statsPeriod`, `start`/`end`; default: since the issue was first seen), and answers one page.
 */
export async function listApiIssueEvents(context: AccessContext, issueRef: string, params: URLSearchParams): Promise<ApiEventPage> {
  const issue = await findApiIssue(context, issueRef, "event.read");
  const cursorText = params.get("cursor");
  const cursor = cursorText ? parseCursor(cursorText) : null;
  if (cursor?.isPrevious) throw new AppError("bad_request", "Event lists page forward only; start again without a cursor.");
  const environments = params.getAll("environment").filter((name) => name !== "");
  if (environments.length > 1) throw new AppError("bad_request", "Lantern filters by one environment at a time.");
  const query = params.get("query")?.trim() ?? "";
  if (/(?:^|\s)!?[A-Za-z0-9_.[\]-]+:\S/.test(query)) return listMatchingIssueEvents(context, issue, params, query);
  const page = await listIssueEvents(context, {
    issueId: issue.id,
    environment: environments[0],
    query: params.get("query")?.trim() || undefined,
    cursor: cursor ? `${cursor.value}.${cursor.id}` : null,
    limit: parseLimit(params, 100),
  });
  const isFull = params.get("full") === "true" || params.get("full") === "1";
  const full = isFull ? await loadSerializableEvents(context.db, page.events.map((event) => event.id)) : null;
  const events = page.events.flatMap((row): (ApiEvent | ApiEventSummary)[] => {
    if (!full) return [serializeEventSummary({ ...row, projectId: issue.project_id, issueId: issue.id, platform: issue.platform, type: issue.type })];
    const event = full.get(row.id);
    return event ? [serializeEvent(event)] : [];
  });
  const last = page.events.at(-1);
  const next = page.nextCursor && last ? formatCursor({ value: last.timestamp, id: last.id, isPrevious: false }) : null;
  return {
    events,
    previous: { cursor: "0:0:1", hasResults: false },
    next: { cursor: next ?? (last ? formatCursor({ value: last.timestamp, id: last.id, isPrevious: false }) : "0:0:0"), hasResults: next !== null },
  };
}

async function listMatchingIssueEvents(context: AccessContext, issue: { id: number; project_id: number; platform: string; type: string; first_seen: number }, params: URLSearchParams, query: string): Promise<ApiEventPage> {
  const searchParams = new URLSearchParams({ field: "id", query, per_page: String(parseLimit(params, 100)) });
  const period = params.get("statsPeriod");
  if (period) searchParams.set("statsPeriod", period);
  else if (params.get("start") || params.get("end")) {
    searchParams.set("start", params.get("start") ?? "");
    searchParams.set("end", params.get("end") ?? "");
  } else {
    searchParams.set("start", new Date(Number(issue.first_seen) - 1000).toISOString());
    searchParams.set("end", new Date(Date.now() + 60_000).toISOString());
  }
  for (const environment of params.getAll("environment")) searchParams.append("environment", environment);
  const search = parseErrorSearch(searchParams);
  search.conditions.push({ kind: "match", ref: { kind: "property", property: "issue.id" }, values: [String(issue.id)], contains: false, negated: false });
  const result = await searchErrorEvents(context, search);
  const eventIds = result.data.map((row) => String(row.id));
  const rows =
    eventIds.length === 0
      ? []
      : await context.db
          .selectFrom("events")
          .select(["id", "event_id as eventId", "timestamp", "title", "level", "release", "environment", "user_key as userKey"])
          .where("project_id", "=", issue.project_id)
          .where("event_id", "in", eventIds)
          .orderBy("timestamp", "desc")
          .orderBy("id", "desc")
          .execute();
  const isFull = params.get("full") === "true" || params.get("full") === "1";
  const full = isFull ? await loadSerializableEvents(context.db, rows.map((row) => Number(row.id))) : null;
  const events = rows.flatMap((row): (ApiEvent | ApiEventSummary)[] => {
    if (!full) return [serializeEventSummary({ ...row, timestamp: Number(row.timestamp), projectId: issue.project_id, issueId: issue.id, platform: issue.platform, type: issue.type })];
    const event = full.get(Number(row.id));
    return event ? [serializeEvent(event)] : [];
  });
  return { events, previous: { cursor: "0:0:1", hasResults: false }, next: { cursor: "0:0:0", hasResults: false } };
}
