import type { Kysely } from "kysely";
import { epochType, idConstraints, idType } from "./column-types";

/**
 * `saved_searches`: a person's named issue searches (query text and sort), shown as tabs beside the issue
 * list's views. `project_id` null means the all-projects list; `is_shared` 1 means everyone who can see the
 * project sees it (only owners and admins share). They go with their owner and their project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("saved_searches")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("owner_user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("project_id", idType(db), (col) => col.references("projects.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("query", "text", (col) => col.notNull())
    .addColumn("sort", "text", (col) => col.notNull())
    .addColumn("is_shared", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .execute();
  // A list page reads the viewer's own searches and the shared ones.
  await db.schema.createIndex("saved_searches_owner").on("saved_searches").columns(["owner_user_id", "project_id"]).execute();
  await db.schema.createIndex("saved_searches_shared").on("saved_searches").columns(["is_shared", "project_id"]).execute();
}
