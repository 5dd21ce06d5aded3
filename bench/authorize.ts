// What a verb's own access check costs (access/authorize.ts): µs per check on a fresh SQLite file, for a
// member (whose visible projects are a set) and an owner. Every verb of project data pays one of these; the
// issue page calls seven verbs. Run: npx tsx bench/authorize.ts [calls=20000]
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { authorize, authorizeIssues, authorizeProject, authorizeProjectId, type AccessContext } from "../src/server/access/authorize";
import { loadViewer } from "../src/server/access/viewer";
import { loadConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { insertProject } from "../src/server/projects/insert-project";

const calls = Number(process.argv[2] ?? 20_000);
const directory = mkdtempSync(join(tmpdir(), "lantern-authorize-"));
const database = createDatabase({ dialect: "sqlite", path: join(directory, "lantern.db") });
try {
  await migrateToLatest(database.db);
  const { project } = await insertProject(database.db, { name: "shop", platform: "node" });
  const now = Date.now();
  const issue = await database.db
    .insertInto("issues")
    .values({ project_id: project.id, type: "error", title: "Error", culprit: "", level: "error", platform: "node", status: "unresolved", first_seen: now, last_seen: now, times_seen: 1, users_seen: 0, status_changed_at: now } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const contexts: Record<string, AccessContext> = {};
  for (const role of ["owner", "member"] as const) {
    const id = randomUUID();
    const at = new Date().toISOString();
    await database.db.insertInto("users").values({ id, name: role, email: `${role}@bench.test`, email_verified: 0, image: null, role, created_at: at, updated_at: at }).execute();
    if (role === "member") {
      const team = await database.db.insertInto("teams").values({ slug: "team", name: "Team", created_at: now }).returning("id").executeTakeFirstOrThrow();
      await database.db.insertInto("team_members").values({ team_id: team.id, user_id: id }).execute();
      await database.db.insertInto("team_projects").values({ team_id: team.id, project_id: project.id }).execute();
    }
    const viewer = (await loadViewer(database.db, id))!;
    contexts[role] = { db: database.db, database, config: loadConfig({ LANTERN_SELF_MONITORING: "false" }), viewer, source: { actor: viewer.actor } };
  }
  const checks: [string, (context: AccessContext) => unknown][] = [
    ["authorize (instance-wide)", (context) => authorize(context, "project.list")],
    ["authorizeIssues (one issue)", (context) => authorizeIssues(context, "issue.resolve", [issue.id])],
    ["authorizeProjectId", (context) => authorizeProjectId(context, "issue.list", project.id)],
    ["authorizeProject (slug, with keys)", (context) => authorizeProject(context, "project.read", project.slug)],
  ];
  for (const [name, check] of checks) {
    for (const role of ["owner", "member"]) {
      const context = contexts[role]!;
      for (let index = 0; index < 1000; index++) await check(context);
      const start = process.hrtime.bigint();
      for (let index = 0; index < calls; index++) await check(context);
      const micros = Number(process.hrtime.bigint() - start) / calls / 1000;
      console.log(`${name.padEnd(36)} ${role.padEnd(7)} ${micros.toFixed(1).padStart(7)} µs per check`);
    }
  }
} finally {
  await database.close();
  rmSync(directory, { recursive: true, force: true });
}
