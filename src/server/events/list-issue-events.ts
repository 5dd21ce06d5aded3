import { sql } from "kysely";
import { authorizeIssues, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import type { IssueEventListItem } from "@/lib/views/events";
export type { IssueEventListItem } from "@/lib/views/events";

export interface IssueEventPage {
  events: IssueEventListItem[];
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export interface ListIssueEventsInput {
  issueId: number;
  environment?: string;
  release?: string;
  /** Text the title contains, case-insensitively (ASCII). */
  query?: string;
  cursor?: string | null;
  limit?: number;
}

const maxLimit = 100;

/** `<timestamp>.<id>` of the last row shown: the keyset to continue after, so no page costs an OFFSET scan. */
function parseCursor(cursor: string): { timestamp: number; id: number } {
  const match = /^(\d{1,16})\.(\d{1,16})$/.exec(cursor);
  if (!match) throw new AppError("bad_request", "This page link is not valid any more; start from the newest events.");
  return { timestamp: Number(match[1]), id: Number(match[2]) };
}

/** LIKE's wildcards in user text match themselves. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * An issue's stored events, newest first, filtered by environment, release and title text, a page at a
 * time by keyset (timestamp, id) on the `events_issue_timestamp` index. Reads columns only, never payloads.
 */
export async function listIssueEvents(context: AccessContext, input: ListIssueEventsInput): Promise<IssueEventPage> {
  await authorizeIssues(context, "event.read", [input.issueId]);
  const limit = Math.min(Math.max(1, input.limit ?? 50), maxLimit);
  let query = context.db
    .selectFrom("events")
    .select(["id", "event_id as eventId", "timestamp", "title", "release", "environment", "user_key as userKey", "level"])
    .where("issue_id", "=", input.issueId);
  if (input.environment) query = query.where("environment", "=", input.environment);
  if (input.release) query = query.where("release", "=", input.release);
  if (input.query) query = query.where(sql<boolean>`lower(${sql.ref("title")}) like ${likePattern(input.query)} escape '\\'`);
  if (input.cursor) {
    const after = parseCursor(input.cursor);
    query = query.where((eb) => eb.or([eb("timestamp", "<", after.timestamp), eb.and([eb("timestamp", "=", after.timestamp), eb("id", "<", after.id)])]));
  }
  const rows = await query.orderBy("timestamp", "desc").orderBy("id", "desc").limit(limit + 1).execute();
  const events = rows.slice(0, limit);
  const last = events.at(-1);
  return { events, nextCursor: rows.length > limit && last ? `${last.timestamp}.${last.id}` : null };
}
