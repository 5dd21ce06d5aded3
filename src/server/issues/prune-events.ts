import { sql, type Kysely } from "kysely";
import type { LanternConfig } from "../config";
import { chunks } from "../db/chunks";
import type { Database } from "../db/schema";

const dayMs = 86_400_000;

/**
 * Retention: deletes events older than the project's maximum age and, per issue, all but the newest
 * `max_events_per_issue` — but never an issue's first or newest event, so its page can always show both.
 * Counters live on the issue and are not touched, so counts and first/last seen survive. Returns how many
 * events were deleted.
 */
export async function pruneEvents(db: Kysely<Database>, defaults: Pick<LanternConfig["retention"], "days" | "maxEventsPerIssue">, now = Date.now()): Promise<number> {
  const projects = await db.selectFrom("projects").select(["id", "retention_days", "max_events_per_issue"]).execute();
  let deleted = 0;
  for (const project of projects) {
    const cutoff = now - (project.retention_days ?? defaults.days) * dayMs;
    const keep = project.max_events_per_issue ?? defaults.maxEventsPerIssue;
    // Rank each issue's events newest first (and oldest first, to keep the first one); window functions
    // work the same on SQLite ≥ 3.25 and PostgreSQL.
    const result = await sql<{ event_id: string }>`
      delete from events where id in (
        select id from (
          select id, timestamp,
            row_number() over (partition by issue_id order by timestamp desc, id desc) as newest_rank,
            row_number() over (partition by issue_id order by timestamp asc, id asc) as oldest_rank
          from events where project_id = ${project.id} and issue_id is not null
        ) as ranked
        where newest_rank > 1 and oldest_rank > 1 and (timestamp < ${cutoff} or newest_rank > ${keep})
      ) returning event_id`.execute(db);
    const eventIds = result.rows.map((row) => row.event_id);
    for (const chunk of chunks(eventIds, 500)) await db.deleteFrom("attachments").where("project_id", "=", project.id).where("event_id", "in", chunk).execute();
    deleted += eventIds.length;
  }
  return deleted;
}
