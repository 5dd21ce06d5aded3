import type { Kysely } from "kysely";
import { seesAnyProject } from "../../access/sees-any-project";
import type { Database } from "../../db/schema";

/** The highest code point: `prefix + top` bounds the range of strings that start with `prefix` (binary order). */
const top = "\u{10FFFF}";

/**
 * The teams `assigned:#…` may name in these projects: the teams that hold one of them, whose slug starts with
 * `prefix` (slugs are lowercase). A range of the teams' unique slug index, each checked against
 * team_projects' primary key, at most `limit` of them. The caller passes only projects the viewer sees, so a
 * team shows only when it holds a project the viewer sees.
 */
export async function readAssignableTeams(db: Kysely<Database>, projectIds: number[], prefix: string, limit: number): Promise<{ slug: string; name: string }[]> {
  if (projectIds.length === 0) return [];
  const lowered = prefix.toLowerCase();
  return db
    .selectFrom("teams")
    .select(["teams.slug", "teams.name"])
    .where("teams.slug", ">=", lowered)
    .where("teams.slug", "<", lowered + top)
    .where((eb) => eb.exists(eb.selectFrom("team_projects").select("team_projects.team_id").whereRef("team_projects.team_id", "=", "teams.id").where("team_projects.project_id", "in", projectIds)))
    .orderBy("teams.slug")
    .limit(limit)
    .execute();
}

/**
 * The people `assigned:<e-mail>` may name in these projects: whoever can see one of them (owners and admins
 * see every project, members their teams' projects — access/viewer.ts), whose e-mail starts with `prefix`
 * (e-mails are stored lowercase). A range of the unique e-mail index, at most `limit` of them.
 */
export async function readAssignablePeople(db: Kysely<Database>, projectIds: number[], prefix: string, limit: number): Promise<{ email: string; name: string }[]> {
  if (projectIds.length === 0) return [];
  const lowered = prefix.toLowerCase();
  return db
    .selectFrom("users")
    .select(["users.email", "users.name"])
    .where("users.email", ">=", lowered)
    .where("users.email", "<", lowered + top)
    .where((eb) => seesAnyProject(eb, projectIds))
    .orderBy("users.email")
    .limit(limit)
    .execute();
}
