import { sql, type Kysely } from "kysely";
import { epochType, idType } from "./column-types";

/**
 * Ownership and priority (docs/architecture.md → "Ownership, priority and bookmarks"):
 * - an issue is assigned to a person (`assignee_user_id`) or a team (`assignee_team_id`), at most one of
 *   them, instead of the free text `assignee` of 0004; foreign keys unassign it when the account or the team
 *   goes. The free text is carried over when it names exactly one account ("user:<e-mail>", an e-mail
 *   address or a person's name, any case) or a team ("team:<id>", "#slug" or a slug); anything else is
 *   cleared, and the issue's activity says what it was ("unassigned" by `system`, with `previous`), so the
 *   name stays readable where people look for who had it;
 * - `priority`: high / medium / low, set from the level when digest creates an issue (fatal and error high,
 *   warning medium, info and debug low — Sentry's mapping) and changed by hand; existing issues get theirs
 *   from their level;
 * - `issue_bookmarks`: a person's bookmarked issues, gone with the person or the issue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("issues")
    .addColumn("assignee_user_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("issues")
    .addColumn("assignee_team_id", idType(db), (col) => col.references("teams.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("issues")
    .addColumn("priority", "text", (col) => col.notNull().defaultTo("medium"))
    .execute();
  // "Assigned to me" (newest first) and the foreign key's lookups when an account or a team is deleted.
  await db.schema.createIndex("issues_assignee_user").on("issues").columns(["assignee_user_id", "last_seen"]).execute();
  await db.schema.createIndex("issues_assignee_team").on("issues").columns(["assignee_team_id", "last_seen"]).execute();
  await sql`update issues set priority = case when level in ('fatal', 'error') then 'high' when level = 'warning' then 'medium' else 'low' end`.execute(db);

  await carryOverAssignees(db);
  await db.schema.alterTable("issues").dropColumn("assignee").execute();

  await db.schema
    .createTable("issue_bookmarks")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("issue_id", idType(db), (col) => col.notNull().references("issues.id").onDelete("cascade"))
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("issue_bookmarks_pk", ["user_id", "issue_id"])
    .execute();
  await db.schema.createIndex("issue_bookmarks_issue").on("issue_bookmarks").column("issue_id").execute();
}

interface Person {
  id: string;
  email: string;
  name: string;
}
interface Team {
  id: number;
  slug: string;
}

async function carryOverAssignees(db: Kysely<unknown>): Promise<void> {
  const { rows: assigned } = await sql<{ id: number; assignee: string }>`select id, assignee from issues where assignee is not null`.execute(db);
  if (assigned.length === 0) return;
  const { rows: people } = await sql<Person>`select id, email, name from users`.execute(db);
  const { rows: teams } = await sql<Team>`select id, slug from teams`.execute(db);
  const now = Date.now();
  for (const issue of assigned) {
    const owner = ownerNamed(issue.assignee, people, teams);
    if (owner?.kind === "user") await sql`update issues set assignee_user_id = ${owner.id} where id = ${issue.id}`.execute(db);
    else if (owner?.kind === "team") await sql`update issues set assignee_team_id = ${owner.id} where id = ${issue.id}`.execute(db);
    else {
      const data = JSON.stringify({ previous: issue.assignee, reason: "it names no single account or team" });
      await sql`insert into issue_activity (issue_id, kind, actor, data, created_at) values (${issue.id}, 'unassigned', 'system', ${data}, ${now})`.execute(db);
    }
  }
}

/** The one account or team a free-text assignee names, or null when it names none or several. */
export function ownerNamed(text: string, people: Person[], teams: Team[]): { kind: "user"; id: string } | { kind: "team"; id: number } | null {
  const wanted = text.trim().toLowerCase();
  const team = wanted.startsWith("team:") ? teams.find((candidate) => String(candidate.id) === wanted.slice(5)) : teams.find((candidate) => candidate.slug.toLowerCase() === wanted.replace(/^#/, ""));
  if (team) return { kind: "team", id: Number(team.id) };
  const name = wanted.startsWith("user:") ? wanted.slice(5) : wanted;
  if (!name) return null;
  const byEmail = people.filter((person) => person.email.toLowerCase() === name);
  const matches = byEmail.length > 0 ? byEmail : people.filter((person) => person.name.trim().toLowerCase() === name || person.id.toLowerCase() === name);
  return matches.length === 1 ? { kind: "user", id: matches[0]!.id } : null;
}
