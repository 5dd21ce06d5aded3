import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { assigneeOf, type Assignee, type AssigneeColumns } from "./issue-assignee";

/**
 * The assignee of each row, keyed by the row's id, in two indexed reads (people by id, teams by id) however
 * many rows: what the issue list, the issue page and the API show. Rows assigned to nobody are absent.
 */
export async function loadAssignees<T extends AssigneeColumns & { id: number }>(db: Kysely<Database>, rows: readonly T[]): Promise<Map<number, Assignee>> {
  const userIds = [...new Set(rows.flatMap((row) => (row.assignee_user_id === null ? [] : [row.assignee_user_id])))];
  const teamIds = [...new Set(rows.flatMap((row) => (row.assignee_user_id === null && row.assignee_team_id !== null ? [Number(row.assignee_team_id)] : [])))];
  const users = userIds.length === 0 ? [] : await db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", userIds).execute();
  const teams = teamIds.length === 0 ? [] : await db.selectFrom("teams").select(["id", "slug", "name"]).where("id", "in", teamIds).execute();
  const userById = new Map(users.map((user) => [user.id, user]));
  const teamById = new Map(teams.map((team) => [Number(team.id), team]));
  const assignees = new Map<number, Assignee>();
  for (const row of rows) {
    const ref = assigneeOf(row);
    if (ref?.kind === "user") {
      const user = userById.get(ref.id);
      if (user) assignees.set(Number(row.id), { type: "user", id: user.id, name: user.name, email: user.email });
    } else if (ref?.kind === "team") {
      const team = teamById.get(ref.id);
      if (team) assignees.set(Number(row.id), { type: "team", id: String(team.id), slug: team.slug, name: team.name });
    }
  }
  return assignees;
}
