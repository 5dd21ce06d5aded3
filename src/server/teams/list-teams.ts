import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { TeamSummary } from "@/lib/views/teams";
export type { TeamSummary } from "@/lib/views/teams";

/** Every team with its members and projects, by name. Three reads, whatever the number of teams. */
export async function listTeams(db: Kysely<Database>): Promise<TeamSummary[]> {
  const teams = await db.selectFrom("teams").select(["id", "slug", "name"]).orderBy("name").execute();
  const members = await db.selectFrom("team_members").innerJoin("users", "users.id", "team_members.user_id").select(["team_members.team_id", "users.id", "users.name", "users.email"]).orderBy("users.email").execute();
  const projects = await db.selectFrom("team_projects").innerJoin("projects", "projects.id", "team_projects.project_id").select(["team_projects.team_id", "projects.id", "projects.slug", "projects.name"]).orderBy("projects.slug").execute();
  return teams.map((team) => ({
    id: Number(team.id),
    slug: team.slug,
    name: team.name,
    members: members.filter((row) => Number(row.team_id) === Number(team.id)).map((row) => ({ userId: row.id, name: row.name, email: row.email })),
    projects: projects.filter((row) => Number(row.team_id) === Number(team.id)).map((row) => ({ id: Number(row.id), slug: row.slug, name: row.name })),
  }));
}
