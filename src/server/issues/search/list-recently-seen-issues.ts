import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { selectMatchingIssues, type MatchingIssuesInput } from "./select-matching-issues";

/** How many recently seen issues the live check compares; beyond this the list is busy enough to reload anyway. */
export const recentlySeenLimit = 200;

export interface IssueVersion {
  id: number;
  timesSeen: number;
}

/**
 * The issues matching a query that were seen at or after `since`, newest first, with their event counts:
 * the list's live check compares two of these to tell new and updated issues apart from unchanged ones.
 * Digest can commit an event a little after its timestamp, so callers pass a `since` well before the
 * moment they rendered and compare counts rather than times. A range on an index that leads with
 * last_seen (per project and status, or across projects).
 */
export async function listRecentlySeenIssues(db: Kysely<Database>, input: MatchingIssuesInput & { since: number }): Promise<IssueVersion[]> {
  return selectMatchingIssues(db, input)
    .where("issues.last_seen", ">=", input.since)
    .select(["issues.id as id", "issues.times_seen as timesSeen"])
    .orderBy("issues.last_seen", "desc")
    .orderBy("issues.id", "desc")
    .limit(recentlySeenLimit)
    .execute();
}
