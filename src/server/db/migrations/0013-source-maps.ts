import type { Kysely } from "kysely";
import { blobType, epochType, idConstraints, idType } from "./column-types";

/**
 * Source maps, as sentry-cli and the bundler plugins upload them (docs/architecture.md → "Source maps"):
 * - `upload_chunks`: pieces of an upload by their sha1, until an assemble request puts them together;
 * - `artifact_bundles`: one uploaded bundle per project (its manifest's release and dist, who sent it);
 * - `artifact_files`: each file's bytes once, by the sha1 of its content, gzip-compressed — two bundles
 *   that carry the same map store it once;
 * - `artifact_bundle_files`: what a bundle holds, found by debug ID or by project + release + dist + URL;
 * - `artifact_assemblies`: the state an assemble request reports (created → ok | error), so asking again is
 *   idempotent.
 * Releases gain what the release API sets (date released, who created it), and deploys are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("upload_chunks")
    .addColumn("sha1", "text", (col) => col.primaryKey())
    .addColumn("data", blobType(db), (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("upload_chunks_created_at").on("upload_chunks").column("created_at").execute();

  await db.schema
    .createTable("artifact_bundles")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", idType(db), (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("checksum", "text", (col) => col.notNull())
    .addColumn("bundle_id", "text")
    .addColumn("release", "text")
    .addColumn("dist", "text")
    .addColumn("file_count", "integer", (col) => col.notNull())
    .addColumn("size_bytes", epochType(db), (col) => col.notNull())
    .addColumn("uploaded_by", "text")
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addColumn("last_used_at", epochType(db))
    .addUniqueConstraint("artifact_bundles_project_checksum", ["project_id", "checksum"])
    .execute();
  await db.schema.createIndex("artifact_bundles_project_created").on("artifact_bundles").columns(["project_id", "created_at"]).execute();

  await db.schema
    .createTable("artifact_files")
    .addColumn("sha1", "text", (col) => col.primaryKey())
    .addColumn("data", blobType(db), (col) => col.notNull())
    .addColumn("size", epochType(db), (col) => col.notNull())
    .addColumn("stored_size", epochType(db), (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("artifact_bundle_files")
    .addColumn("bundle_id", idType(db), (col) => col.notNull().references("artifact_bundles.id").onDelete("cascade"))
    .addColumn("project_id", idType(db), (col) => col.notNull())
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("debug_id", "text")
    .addColumn("sourcemap", "text")
    .addColumn("release", "text")
    .addColumn("dist", "text")
    .addColumn("file_sha1", "text", (col) => col.notNull())
    .addColumn("size", epochType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("artifact_bundle_files_pk", ["bundle_id", "url"])
    .execute();
  await db.schema.createIndex("artifact_bundle_files_debug_id").on("artifact_bundle_files").columns(["project_id", "debug_id", "type"]).execute();
  await db.schema.createIndex("artifact_bundle_files_release_url").on("artifact_bundle_files").columns(["project_id", "release", "dist", "url"]).execute();
  await db.schema.createIndex("artifact_bundle_files_file").on("artifact_bundle_files").column("file_sha1").execute();

  await db.schema
    .createTable("artifact_assemblies")
    .addColumn("checksum", "text", (col) => col.notNull())
    .addColumn("scope", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("detail", "text")
    .addColumn("updated_at", epochType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("artifact_assemblies_pk", ["checksum", "scope"])
    .execute();

  await db.schema.alterTable("releases").addColumn("date_released", epochType(db)).execute();
  await db.schema.alterTable("releases").addColumn("created_by", "text").execute();
  await db.schema
    .createTable("release_deploys")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("version", "text", (col) => col.notNull())
    .addColumn("environment", "text", (col) => col.notNull())
    .addColumn("name", "text")
    .addColumn("url", "text")
    .addColumn("date_started", epochType(db))
    .addColumn("date_finished", epochType(db), (col) => col.notNull())
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("release_deploys_version").on("release_deploys").column("version").execute();
}
