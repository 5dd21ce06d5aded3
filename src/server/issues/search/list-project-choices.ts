import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export interface ProjectChoice {
  id: number;
  slug: string;
  name: string;
}

/** The projects the issue list can be narrowed to: names only, no statistics (the list must stay fast). */
export async function listProjectChoices(db: Kysely<Database>, visibleProjectIds: number[] | null): Promise<ProjectChoice[]> {
  let query = db.selectFrom("projects").select(["id", "slug", "name"]).orderBy("name").orderBy("id");
  if (visibleProjectIds) query = query.where("id", "in", visibleProjectIds.length > 0 ? visibleProjectIds : [-1]);
  return query.execute();
}
