import type { AccessContext } from "../../access/authorize";
import { loadSerializableEvents } from "../events/load-serializable-events";
import { serializeEvent } from "../events/serialize-event";
import type { ApiHash } from "../schemas";
import { findApiIssue } from "./find-api-issue";

/** How many of the issue's newest events are searched for each hash's latest event (an index range, no payloads). */
const scannedEvents = 200;

/**
 * The hashes an issue owns (Sentry's /issues/{id}/hashes/), by hash, each with the newest stored event that
 * joined the issue by it. Events carry only the hash they joined by, and a hash brought along by another
 * has none; so only the issue's newest 200 events are searched, and a hash without one there has null.
 */
export async function listApiIssueHashes(context: AccessContext, issueRef: string): Promise<ApiHash[]> {
  const issue = await findApiIssue(context, issueRef, "issue.read");
  const { db } = context;
  const [hashes, recent] = await Promise.all([
    db.selectFrom("issue_hashes").select("hash").where("issue_id", "=", issue.id).orderBy("hash").execute(),
    db.selectFrom("events").select(["id", "group_hash"]).where("issue_id", "=", issue.id).orderBy("timestamp", "desc").orderBy("id", "desc").limit(scannedEvents).execute(),
  ]);
  const newestOf = new Map<string, number>();
  for (const row of recent) if (row.group_hash && !newestOf.has(row.group_hash)) newestOf.set(row.group_hash, Number(row.id));
  const events = await loadSerializableEvents(db, hashes.flatMap((row) => (newestOf.has(row.hash) ? [newestOf.get(row.hash)!] : [])));
  return hashes.map((row) => {
    const event = events.get(newestOf.get(row.hash) ?? -1);
    return { id: row.hash, latestEvent: event ? serializeEvent(event) : null, mergedBySeer: false };
  });
}
