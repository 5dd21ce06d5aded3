import { sql, type Kysely } from "kysely";
import { epochType, idConstraints, idType } from "./column-types";

/**
 * Release data as Sentry's API has it:
 * - `release_versions`: one integer id per version (Sentry's release `id`; its MCP server refuses a release
 *   without one). A release is a version across projects, while `releases` holds a row per project, so the id
 *   lives apart; every version known now gets one here, later ones when the API first shows them.
 * - `release_deploys.project_id`: deploys belong to projects. A deploy recorded before belonged to its release
 *   as a whole, so it becomes one deploy in each project that has the release (the first keeps its row and id);
 *   a deploy of a version no project has any more is dropped, as no page could show it.
 * - `release_commits`: the commits CI sent (`sentry-cli releases set-commits`), per version in the order sent
 *   (`position`), with the files each changed (`files`: JSON `[{path, type}]`) for the suspect commit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("release_versions")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("version", "text", (col) => col.notNull().unique())
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .execute();
  await sql`insert into release_versions (version, created_at) select version, min(first_seen) from releases group by version order by min(first_seen), version`.execute(db);

  await db.schema.alterTable("release_deploys").addColumn("project_id", idType(db)).execute();
  await sql`insert into release_deploys (version, environment, name, url, date_started, date_finished, created_at, project_id)
    select d.version, d.environment, d.name, d.url, d.date_started, d.date_finished, d.created_at, r.project_id
    from release_deploys d join releases r on r.version = d.version
    where d.project_id is null and r.project_id <> (select min(first.project_id) from releases first where first.version = d.version)`.execute(db);
  await sql`update release_deploys set project_id = (select min(r.project_id) from releases r where r.version = release_deploys.version) where project_id is null`.execute(db);
  await sql`delete from release_deploys where project_id is null`.execute(db);
  await db.schema.createIndex("release_deploys_project_version").on("release_deploys").columns(["project_id", "version"]).execute();

  await db.schema
    .createTable("release_commits")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("version", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("commit_id", "text", (col) => col.notNull())
    .addColumn("repository", "text")
    .addColumn("message", "text")
    .addColumn("author_name", "text")
    .addColumn("author_email", "text")
    .addColumn("timestamp", epochType(db))
    .addColumn("files", "text", (col) => col.notNull())
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("release_commits_version").on("release_commits").columns(["version", "position"]).execute();
}
