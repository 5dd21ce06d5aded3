import type { Kysely } from "kysely";
import { authorize, type AccessContext } from "../access/authorize";
import type { Database } from "../db/schema";
import { visibleProjectIds } from "../access/viewer";
import { AppError } from "../errors";
import { readEventPayload } from "./read-event-payload";
import { eventPagePath } from "@/lib/event-page-path";
import type { DigestEventMatch } from "@/lib/views/events";
export type { DigestEventMatch } from "@/lib/views/events";

export interface FindEventsByDigestOptions {
  /** The value of the error page's "Digest: …" line. */
  digest: string;
  /** At most this many events, newest first. */
  limit?: number;
}

/** Tag values are stored with at most 200 characters (normalize-tags), so a longer one cannot match. */
const maxDigestChars = 200;
const maxIssues = 20;
/** Payloads inflated per call at most: a digest usually names one event, a repeated error a few. */
const maxScannedEvents = 500;
const pageSize = 50;

/**
 * The events whose `digest` tag equals the value, newest first. Next.js shows the digest of a server-side
 * error on its fallback page; digest stores it as the event's `digest` tag (the app's own tag, or the one
 * derive-nextjs-digest reads from the SDK's console breadcrumb). Issues are found through the tag index (`issue_tag_values`), then only those issues' events
 * inside the tag's first/last-seen window are read, newest first, until `limit` match or the scan budget ends.
 */
export async function findEventsByDigest(context: AccessContext, { digest, limit = 20 }: FindEventsByDigestOptions): Promise<DigestEventMatch[]> {
  authorize(context, "event.find_by_digest");
  const { db } = context;
  const visible = visibleProjectIds(context.viewer);
  const value = digest.trim();
  if (value === "") throw new AppError("bad_request", "Enter the digest shown on the error page.");
  if (value.length > maxDigestChars) throw new AppError("bad_request", `A digest has at most ${maxDigestChars} characters.`);

  const issues = await db
    .selectFrom("issue_tag_values")
    .innerJoin("issues", "issues.id", "issue_tag_values.issue_id")
    .innerJoin("projects", "projects.id", "issues.project_id")
    .select(["issue_tag_values.issue_id", "issue_tag_values.first_seen", "issue_tag_values.last_seen", "issues.title", "projects.slug", "projects.name"])
    .where("issue_tag_values.key", "=", "digest")
    .where("issue_tag_values.value", "=", value)
    .$if(visible !== null, (query) => query.where("issues.project_id", "in", visible!.length > 0 ? visible! : [-1]))
    .orderBy("issue_tag_values.last_seen", "desc")
    .orderBy("issue_tag_values.issue_id", "desc")
    .limit(maxIssues)
    .execute();

  const matches: DigestEventMatch[] = [];
  let budget = maxScannedEvents;
  for (const issue of issues) {
    let cursor: EventCursor | null = null;
    let found = 0;
    while (budget > 0 && found < limit) {
      const rows = await readEventsPage(db, { issueId: issue.issue_id, from: issue.first_seen, to: issue.last_seen }, cursor, Math.min(pageSize, budget));
      budget -= rows.length;
      for (const row of rows) {
        if (!hasDigestTag(row.payload, value)) continue;
        found++;
        matches.push({ projectSlug: issue.slug, projectName: issue.name, issueId: issue.issue_id, issueTitle: issue.title, eventId: row.event_id, timestamp: row.timestamp, path: eventPagePath(issue.slug, issue.issue_id, row.event_id) });
      }
      const last = rows[rows.length - 1];
      if (!last || rows.length < pageSize) break;
      cursor = { timestamp: last.timestamp, id: last.id };
    }
    if (budget <= 0) break;
  }
  return matches.sort((a, b) => b.timestamp - a.timestamp).slice(0, limit);
}

interface EventCursor {
  timestamp: number;
  id: number;
}

interface EventRow extends EventCursor {
  event_id: string;
  payload: Uint8Array;
}

/** One page of an issue's events inside a time window, newest first, after the cursor (index events_issue_timestamp). */
function readEventsPage(db: Kysely<Database>, window: { issueId: number; from: number; to: number }, cursor: EventCursor | null, size: number): Promise<EventRow[]> {
  return db
    .selectFrom("events")
    .select(["id", "event_id", "timestamp", "payload"])
    .where("issue_id", "=", window.issueId)
    .where("timestamp", ">=", window.from)
    .where("timestamp", "<=", window.to)
    .$if(cursor !== null, (query) => query.where((eb) => eb.or([eb("timestamp", "<", cursor!.timestamp), eb.and([eb("timestamp", "=", cursor!.timestamp), eb("id", "<", cursor!.id)])])))
    .orderBy("timestamp", "desc")
    .orderBy("id", "desc")
    .limit(size)
    .execute();
}

/** Normalized events keep tags as [key, value] pairs (normalize-tags). */
function hasDigestTag(payload: Uint8Array, digest: string): boolean {
  const { tags } = readEventPayload(payload);
  return Array.isArray(tags) && tags.some((pair) => Array.isArray(pair) && pair[0] === "digest" && pair[1] === digest);
}
