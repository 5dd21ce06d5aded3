import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import { migrateTo, migrateToLatest, migrationNames } from "../migrate";
import { ownerNamed } from "./0017-ownership";

const before = migrationNames[migrationNames.indexOf("0017-ownership") - 1]!;

/** 0017 carries the free-text assignee of 0004 over to accounts and teams, on both dialects. */
describe(`migration 0017-ownership on ${testDialect}`, () => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.destroy());

  it("turns a name that names one account or team into that assignee, clears the rest with an activity entry, and sets priority from the level", async () => {
    database = await createTestDatabase({ isEmpty: true });
    const db = database.db;
    await migrateTo(db, before);
    const at = Date.now();
    const person = (id: string, name: string, email: string) =>
      sql`insert into users (id, name, email, email_verified, image, role, created_at, updated_at) values (${id}, ${name}, ${email}, ${testDialect === "postgres" ? sql`false` : sql`0`}, null, 'member', ${new Date(at).toISOString()}, ${new Date(at).toISOString()})`.execute(db);
    await person("usr_ada", "Ada Lovelace", "ada@example.com");
    await person("usr_bob", "Bob", "bob@example.com");
    await person("usr_bob2", "Bob", "robert@example.com");
    await sql`insert into teams (slug, name, created_at) values ('payments', 'Payments', ${at})`.execute(db);
    const { rows: teams } = await sql<{ id: number }>`select id from teams`.execute(db);
    await sql`insert into projects (slug, name, platform, created_at) values ('shop', 'shop', 'node', ${at})`.execute(db);
    const { rows: projects } = await sql<{ id: number }>`select id from projects`.execute(db);
    const assignees: [string, string | null][] = [
      ["user:ada@example.com", "error"],
      ["ADA@example.com", "fatal"],
      ["ada lovelace", "warning"],
      ["Bob", "info"],
      ["#payments", "debug"],
      [`team:${teams[0]!.id}`, "error"],
      ["payments-oncall", "error"],
      [null, "warning"],
    ].map(([assignee, level]) => [assignee, level] as [string, string | null]);
    for (const [index, [assignee, level]] of assignees.entries()) {
      await sql`insert into issues (project_id, type, title, culprit, level, platform, status, first_seen, last_seen, times_seen, users_seen, status_changed_at, assignee)
        values (${projects[0]!.id}, 'error', ${`issue ${index}`}, '', ${level}, 'node', 'unresolved', ${at}, ${at}, 1, 0, ${at}, ${assignee})`.execute(db);
    }
    expect(await migrateToLatest(db)).toContain("0017-ownership");

    const { rows } = await sql<{ title: string; assignee_user_id: string | null; assignee_team_id: number | null; priority: string }>`select title, assignee_user_id, assignee_team_id, priority from issues order by id`.execute(db);
    const team = Number(teams[0]!.id);
    expect(rows.map((row) => [row.title, row.assignee_user_id, row.assignee_team_id === null ? null : Number(row.assignee_team_id), row.priority])).toEqual([
      ["issue 0", "usr_ada", null, "high"],
      ["issue 1", "usr_ada", null, "high"],
      ["issue 2", "usr_ada", null, "medium"],
      // Two people are called Bob: the name names nobody in particular.
      ["issue 3", null, null, "low"],
      ["issue 4", null, team, "low"],
      ["issue 5", null, team, "high"],
      ["issue 6", null, null, "high"],
      ["issue 7", null, null, "medium"],
    ]);
    const { rows: activity } = await sql<{ title: string; kind: string; actor: string; data: string }>`select i.title, a.kind, a.actor, a.data from issue_activity a join issues i on i.id = a.issue_id order by a.id`.execute(db);
    expect(activity.map((entry) => [entry.title, entry.kind, entry.actor, (JSON.parse(entry.data) as { previous: string }).previous])).toEqual([
      ["issue 3", "unassigned", "system", "Bob"],
      ["issue 6", "unassigned", "system", "payments-oncall"],
    ]);
  });

  it("names one owner or none", () => {
    const people = [{ id: "u1", email: "a@x.test", name: "Ann" }];
    const teams = [{ id: 7, slug: "web" }];
    expect(ownerNamed("  user:A@X.TEST ", people, teams)).toEqual({ kind: "user", id: "u1" });
    expect(ownerNamed("web", people, teams)).toEqual({ kind: "team", id: 7 });
    expect(ownerNamed("team:8", people, teams)).toBeNull();
    expect(ownerNamed("user:", people, teams)).toBeNull();
  });
});
