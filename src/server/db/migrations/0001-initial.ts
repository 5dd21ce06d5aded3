import { sql, type Kysely } from "kysely";
import { blobType, epochType, idConstraints, idType } from "./column-types";

/** Projects, their client keys, and the intake of raw envelopes awaiting digest. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("projects")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("platform", "text", (col) => col.notNull().defaultTo("other"))
    .addColumn("is_internal", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .execute();
  // At most one internal project, even when two instances start at once on one database.
  await db.schema.createIndex("projects_single_internal").on("projects").column("is_internal").unique().where(sql.ref("is_internal"), "=", 1).execute();

  await db.schema
    .createTable("project_keys")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("public_key", "text", (col) => col.notNull().unique().check(sql`length(public_key) = 32`))
    .addColumn("label", "text", (col) => col.notNull().defaultTo("Default"))
    .addColumn("is_active", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("project_keys_project").on("project_keys").column("project_id").execute();

  await db.schema
    .createTable("intake")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("received_at", epochType(db), (col) => col.notNull())
    .addColumn("event_id", "text")
    .addColumn("item_types", "text", (col) => col.notNull())
    .addColumn("summary", "text")
    .addColumn("sdk_name", "text")
    .addColumn("body_bytes", "integer", (col) => col.notNull())
    .addColumn("body", blobType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("intake_project_received").on("intake").columns(["project_id", "id"]).execute();
}
