import type { Kysely } from "kysely";
import { seesAnyProject } from "../../access/sees-any-project";
import type { Database } from "../../db/schema";

export interface ProjectOwners {
  /** Everyone who can see the project: owners, admins, and members of its teams; by name. */
  people: { id: string; name: string; email: string }[];
  /** The teams the project belongs to, by name. */
  teams: { id: string; slug: string; name: string }[];
}

/**
 * Whom an issue of the project may be assigned to: the people who can see it (access/viewer.ts: owners and
 * admins see every project, members their teams' projects) and the teams it belongs to. No authorization:
 * the verbs that call it (assign-issue, list-assignee-choices) do that.
 */
export async function listProjectOwners(db: Kysely<Database>, projectId: number): Promise<ProjectOwners> {
  const people = await db
    .selectFrom("users")
    .select(["users.id", "users.name", "users.email"])
    .where((eb) => seesAnyProject(eb, [projectId]))
    .orderBy("users.name")
    .orderBy("users.email")
    .execute();
  const teams = await db
    .selectFrom("teams")
    .innerJoin("team_projects", "team_projects.team_id", "teams.id")
    .select(["teams.id", "teams.slug", "teams.name"])
    .where("team_projects.project_id", "=", projectId)
    .orderBy("teams.name")
    .execute();
  return { people, teams: teams.map((team) => ({ id: String(team.id), slug: team.slug, name: team.name })) };
}
