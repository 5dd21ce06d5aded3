import type { ExpressionBuilder, Expression, SqlBool } from "kysely";
import type { Database } from "../db/schema";

/**
 * The rule of viewer.ts as a condition on `users` rows: owners and admins see every project, members the
 * projects of their teams. True for a user who can see at least one of `projectIds`.
 */
export function seesAnyProject(eb: ExpressionBuilder<Database, "users">, projectIds: readonly number[]): Expression<SqlBool> {
  return eb.or([
    eb("users.role", "in", ["owner", "admin"]),
    eb.exists(
      eb
        .selectFrom("team_members")
        .innerJoin("team_projects", "team_projects.team_id", "team_members.team_id")
        .select("team_members.user_id")
        .whereRef("team_members.user_id", "=", "users.id")
        .where("team_projects.project_id", "in", [...projectIds]),
    ),
  ]);
}
