import type { Kysely } from "kysely";
import type { Database, ProjectKey } from "../../db/schema";

/** A project's client keys, oldest first, active and disabled, so a key keeps its place when it is switched. */
export function listProjectKeys(db: Kysely<Database>, projectId: number): Promise<ProjectKey[]> {
  return db.selectFrom("project_keys").selectAll().where("project_id", "=", projectId).orderBy("id").execute();
}
