import type { Kysely } from "kysely";
import type { Database, Role } from "../db/schema";
import type { UserSummary } from "@/lib/views/users";
export type { UserSummary } from "@/lib/views/users";

const roleOrder: Record<Role, number> = { owner: 0, admin: 1, member: 2 };

/** Every account with its role and teams: owners first, then admins, then members, each by e-mail. */
export async function listUsers(db: Kysely<Database>): Promise<UserSummary[]> {
  const users = await db.selectFrom("users").select(["id", "name", "email", "role", "created_at"]).execute();
  const memberships = await db.selectFrom("team_members").innerJoin("teams", "teams.id", "team_members.team_id").select(["team_members.user_id", "teams.name"]).orderBy("teams.name").execute();
  const teamsByUser = new Map<string, string[]>();
  for (const row of memberships) teamsByUser.set(row.user_id, [...(teamsByUser.get(row.user_id) ?? []), row.name]);
  return users
    .map((user) => ({ id: user.id, name: user.name, email: user.email, role: user.role, createdAt: new Date(user.created_at).getTime(), teams: teamsByUser.get(user.id) ?? [] }))
    .sort((a, b) => roleOrder[a.role] - roleOrder[b.role] || a.email.localeCompare(b.email));
}
