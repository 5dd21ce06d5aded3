import type { Kysely } from "kysely";
import { epochType, idConstraints, idType } from "./column-types";

/**
 * What the dashboard searches and shows without reading payloads: per-issue tag values with counts (for
 * `tag:value` search and the tag distribution bars), comments, an assignee, and indexes for every sort.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("issue_tag_values")
    .addColumn("issue_id", "integer", (col) => col.notNull())
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("times_seen", "integer", (col) => col.notNull())
    .addColumn("first_seen", epochType(db), (col) => col.notNull())
    .addColumn("last_seen", epochType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("issue_tag_values_pk", ["issue_id", "key", "value"])
    .execute();
  // tag:value search looks issues up by key and value.
  await db.schema.createIndex("issue_tag_values_lookup").on("issue_tag_values").columns(["key", "value", "issue_id"]).execute();

  await db.schema
    .createTable("issue_comments")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("issue_id", "integer", (col) => col.notNull())
    .addColumn("author", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("issue_comments_issue").on("issue_comments").columns(["issue_id", "id"]).execute();

  await db.schema.alterTable("issues").addColumn("assignee", "text").execute();
  for (const column of ["first_seen", "times_seen", "users_seen"] as const) {
    await db.schema.createIndex(`issues_project_${column}`).on("issues").columns(["project_id", "status", column]).execute();
  }
  await db.schema.createIndex("issues_last_seen").on("issues").columns(["last_seen", "id"]).execute();
}
