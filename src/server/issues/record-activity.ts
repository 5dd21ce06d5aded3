import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** Appends one entry to an issue's activity: what happened, who or what did it, and its details. */
export async function recordActivity(db: Kysely<Database>, issueId: number, kind: string, actor: string, data: Record<string, unknown> | null = null): Promise<void> {
  await db
    .insertInto("issue_activity")
    .values({ issue_id: issueId, kind, actor, data: data ? JSON.stringify(data) : null, created_at: Date.now() })
    .execute();
}
