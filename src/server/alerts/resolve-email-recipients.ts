import type { Kysely } from "kysely";
import { seesAnyProject } from "../access/sees-any-project";
import type { Database } from "../db/schema";
import type { AssigneeColumns } from "../issues/owners/issue-assignee";
import { findAssigneeUsers, type AccountRef } from "./find-assignee-user";
import type { RuleAction } from "./rule-schema";

export type EmailAction = Extract<RuleAction, { id: "sentry.mail.actions.NotifyEmailAction" }>;

/**
 * Who an e-mail action reaches for an issue of `projectId`, as Sentry's targets mean it:
 * - IssueOwners: the assignee (a person, or the members of the assigned team); with nobody assigned, the fallthrough — ActiveMembers and AllMembers
 *   are everyone who can see the project (owners, admins, and members of its teams), NoOne is nobody;
 * - Team: that team's people who can see the project; Member: that person, if they can see it.
 * People who turned off alert e-mail for the project are left out. Returns e-mail addresses, each once.
 */
export async function resolveEmailRecipients(db: Kysely<Database>, projectId: number, action: EmailAction, assignee: AssigneeColumns): Promise<string[]> {
  const seers = await peopleWhoSeeProject(db, projectId);
  let people: AccountRef[];
  if (action.targetType === "IssueOwners") {
    // Looked for among those who see the project: an assignee who cannot see it is nobody here.
    const owners = new Set((await findAssigneeUsers(db, assignee)).map((person) => person.id));
    const seen = seers.filter((person) => owners.has(person.id));
    if (seen.length > 0) people = seen;
    else people = (action.fallthroughType ?? "ActiveMembers") === "NoOne" ? [] : seers;
  } else if (action.targetType === "Team") {
    const teamId = Number(action.targetIdentifier);
    if (!Number.isInteger(teamId)) return [];
    const members = await db.selectFrom("team_members").select("user_id").where("team_id", "=", teamId).execute();
    const ids = new Set(members.map((row) => row.user_id));
    people = seers.filter((person) => ids.has(person.id));
  } else {
    people = seers.filter((person) => person.id === String(action.targetIdentifier ?? ""));
  }
  if (people.length === 0) return [];
  const optedOut = await db
    .selectFrom("notification_opt_outs")
    .select("user_id")
    .where("topic", "=", "alert")
    .where("project_id", "=", projectId)
    .where("user_id", "in", people.map((person) => person.id))
    .execute();
  const off = new Set(optedOut.map((row) => row.user_id));
  return [...new Set(people.filter((person) => !off.has(person.id)).map((person) => person.email))];
}

/** Whoever can see the project (access/sees-any-project.ts), by e-mail. */
export async function peopleWhoSeeProject(db: Kysely<Database>, projectId: number): Promise<AccountRef[]> {
  const users = await db
    .selectFrom("users")
    .select(["id", "email", "name", "role"])
    .where((eb) => seesAnyProject(eb, [projectId]))
    .execute();
  return users.sort((a, b) => a.email.localeCompare(b.email));
}

/** Whether a person turned workflow e-mail off (assignments, comments and regressions of their issues). */
export async function wantsWorkflowEmail(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("notification_opt_outs").select("user_id").where("user_id", "=", userId).where("topic", "=", "workflow").where("project_id", "=", 0).executeTakeFirst();
  return row === undefined;
}
