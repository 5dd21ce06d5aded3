import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { listIssueEvents } from "../../events/list-issue-events";
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
 * cursor is refused.
 */
export async function listApiIssueEvents(context: AccessContext, issueRef: string, params: URLSearchParams): Promise<ApiEventPage> {
  const issue = await findApiIssue(context, issueRef, "event.read");
  const cursorText = params.get("cursor");
  const cursor = cursorText ? parseCursor(cursorText) : null;
  if (cursor?.isPrevious) throw new AppError("bad_request", "Event lists page forward only; start again without a cursor.");
  const environments = params.getAll("environment").filter((name) => name !== "");
  if (environments.length > 1) throw new AppError("bad_request", "Lantern filters by one environment at a time.");
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
