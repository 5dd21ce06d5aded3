import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { AssigneeColumns } from "../issues/owners/issue-assignee";

export interface AccountRef {
  id: string;
  email: string;
  name: string;
  role: string;
}

/**
 * The accounts an issue's assignee stands for: the assigned person, or every member of the assigned team;
 * none when nobody is assigned. Workflow e-mail and IssueOwners targets go to them.
 */
export async function findAssigneeUsers(db: Kysely<Database>, issue: AssigneeColumns): Promise<AccountRef[]> {
  if (issue.assignee_user_id !== null) return db.selectFrom("users").select(["id", "email", "name", "role"]).where("id", "=", issue.assignee_user_id).execute();
  if (issue.assignee_team_id === null) return [];
  return db
    .selectFrom("users")
    .innerJoin("team_members", "team_members.user_id", "users.id")
    .select(["users.id", "users.email", "users.name", "users.role"])
    .where("team_members.team_id", "=", Number(issue.assignee_team_id))
    .orderBy("users.email")
    .execute();
}
