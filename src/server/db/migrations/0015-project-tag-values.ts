import { sql, type Kysely } from "kysely";
import { epochType, idType } from "./column-types";

/**
 * `project_tag_values`: each project's tag values with how often, first and last they were seen — the sum of
 * its issues' `issue_tag_values`, kept by digest in the same write. Search reads it to tell a tag key some
 * project has from a mistyped one (an indexed probe instead of a scan of every issue's tags), autocomplete
 * for a project's keys and top values, and hints for a value's share of the project. Backfilled here from the
 * issues' counters. Deleting or recounting issues leaves these counters as they were (slightly high), which
 * is fine for what they serve: suggestions and shares, never an issue's own numbers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("project_tag_values")
    .addColumn("project_id", idType(db), (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("times_seen", "integer", (col) => col.notNull())
    .addColumn("first_seen", epochType(db), (col) => col.notNull())
    .addColumn("last_seen", epochType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("project_tag_values_pk", ["project_id", "key", "value"])
    .execute();
  // A key's most frequent values in a project, and whether a project has a key at all.
  await db.schema.createIndex("project_tag_values_top").on("project_tag_values").columns(["project_id", "key", "times_seen"]).execute();
  await sql`insert into project_tag_values (project_id, key, value, times_seen, first_seen, last_seen)
    select issues.project_id, issue_tag_values.key, issue_tag_values.value, sum(issue_tag_values.times_seen), min(issue_tag_values.first_seen), max(issue_tag_values.last_seen)
    from issue_tag_values join issues on issues.id = issue_tag_values.issue_id
    group by issues.project_id, issue_tag_values.key, issue_tag_values.value`.execute(db);
}
