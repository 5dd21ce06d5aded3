// Gives the benchmark's signed-in owner (bench/dashboard/bench-user.ts) issues of their own, so that "Assigned to
// me" on the home page, `assigned:me`, `assigned:#team` and `bookmarks:me` read real rows: 1 issue in 40 assigned
// to them (500 of the seed's 20,000), 1 in 20 to a team they belong to, 1 in 100 bookmarked — spread over every
// project, status and age, since ids follow first arrival. The seed has no accounts (its triagers are actor
// strings), so this runs after bench/sign-in-cookie.ts has made the owner. Idempotent: a database that already
// has the team is left as it is (`--database` runs again on a kept seed).
// Run: DATABASE_URL=file:/path/lantern.db npx tsx bench/dashboard/assign-to-bench-user.ts
import { sql } from "kysely";
import { loadConfig } from "../../src/server/config";
import { createDatabase } from "../../src/server/db/create-database";
import { benchUser } from "./bench-user";

const benchTeam = "bench-team";

const database = createDatabase(loadConfig().database);
try {
  const { id: userId } = await database.db.selectFrom("users").select("id").where("email", "=", benchUser.email).executeTakeFirstOrThrow();
  const existing = await database.db.selectFrom("teams").select("id").where("slug", "=", benchTeam).executeTakeFirst();
  if (!existing) {
    await database.db.transaction().execute(async (trx) => {
      const team = await trx.insertInto("teams").values({ slug: benchTeam, name: "Bench team", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
      await trx.insertInto("team_members").values({ team_id: team.id, user_id: userId }).execute();
      await trx.updateTable("issues").set({ assignee_user_id: userId }).where(sql<boolean>`id % 40 = 7`).execute();
      await trx.updateTable("issues").set({ assignee_team_id: team.id }).where(sql<boolean>`id % 20 = 3`).execute();
      await sql`insert into issue_bookmarks (user_id, issue_id, created_at) select ${userId}, id, ${Date.now()} from issues where id % 100 = 11`.execute(trx);
    });
  }
  const count = async (query: Promise<{ n: number | string | bigint }>) => Number((await query).n);
  const assigned = await count(database.db.selectFrom("issues").select((eb) => eb.fn.countAll<number>().as("n")).where("assignee_user_id", "=", userId).executeTakeFirstOrThrow());
  const toTeam = await count(database.db.selectFrom("issues").select((eb) => eb.fn.countAll<number>().as("n")).where("assignee_team_id", "is not", null).executeTakeFirstOrThrow());
  const bookmarked = await count(database.db.selectFrom("issue_bookmarks").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow());
  process.stdout.write(JSON.stringify({ assigned, toTeam, bookmarked }));
} finally {
  await database.close();
}
