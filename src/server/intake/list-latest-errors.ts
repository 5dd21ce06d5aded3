import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { hasItemType } from "./item-type-filter";

export interface LatestError {
  intakeId: number;
  projectSlug: string;
  projectName: string;
  receivedAt: number;
  summary: string | null;
}

/** The newest error events across all projects, straight from the intake (grouping comes later). */
export async function listLatestErrors(db: Kysely<Database>, limit = 50): Promise<LatestError[]> {
  const rows = await db
    .selectFrom("intake")
    .innerJoin("projects", "projects.id", "intake.project_id")
    .select(["intake.id", "intake.received_at", "intake.summary", "projects.slug", "projects.name"])
    .where((eb) => hasItemType(eb, "event"))
    .orderBy("intake.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ intakeId: row.id, projectSlug: row.slug, projectName: row.name, receivedAt: row.received_at, summary: row.summary }));
}
