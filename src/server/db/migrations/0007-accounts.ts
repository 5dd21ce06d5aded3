import type { Kysely } from "kysely";
import { booleanType, epochType, idConstraints, idType, timestampType } from "./column-types";

/**
 * Accounts and access. users, sessions, accounts and verifications are better-auth's tables (snake_case
 * columns, mapped in src/server/auth/create-auth.ts; a test compares them with better-auth's own schema).
 * Teams, invites, API tokens, the audit log and the instance's settings are Lantern's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("email_verified", booleanType(db), (col) => col.notNull())
    .addColumn("image", "text")
    .addColumn("role", "text", (col) => col.notNull().defaultTo("member"))
    .addColumn("created_at", timestampType(db), (col) => col.notNull())
    .addColumn("updated_at", timestampType(db), (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("expires_at", timestampType(db), (col) => col.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", timestampType(db), (col) => col.notNull())
    .addColumn("updated_at", timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("account_id", "text", (col) => col.notNull())
    .addColumn("provider_id", "text", (col) => col.notNull())
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", timestampType(db))
    .addColumn("refresh_token_expires_at", timestampType(db))
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", timestampType(db), (col) => col.notNull())
    .addColumn("updated_at", timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("accounts_user").on("accounts").column("user_id").execute();

  await db.schema
    .createTable("verifications")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("expires_at", timestampType(db), (col) => col.notNull())
    .addColumn("created_at", timestampType(db), (col) => col.notNull())
    .addColumn("updated_at", timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("verifications_identifier").on("verifications").column("identifier").execute();

  await db.schema
    .createTable("teams")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("team_members")
    .addColumn("team_id", "integer", (col) => col.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("team_members_pk", ["team_id", "user_id"])
    .execute();
  await db.schema.createIndex("team_members_user").on("team_members").columns(["user_id", "team_id"]).execute();
  await db.schema
    .createTable("team_projects")
    .addColumn("team_id", "integer", (col) => col.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("team_projects_pk", ["team_id", "project_id"])
    .execute();
  await db.schema.createIndex("team_projects_project").on("team_projects").columns(["project_id", "team_id"]).execute();

  await db.schema
    .createTable("invites")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("email", "text")
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("team_id", "integer", (col) => col.references("teams.id").onDelete("set null"))
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addColumn("expires_at", epochType(db), (col) => col.notNull())
    .addColumn("accepted_at", epochType(db))
    .addColumn("accepted_by", "text")
    .addColumn("revoked_at", epochType(db))
    .execute();

  await db.schema
    .createTable("api_tokens")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("token_prefix", "text", (col) => col.notNull())
    .addColumn("scopes", "text", (col) => col.notNull())
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addColumn("last_used_at", epochType(db))
    .addColumn("revoked_at", epochType(db))
    .execute();
  await db.schema.createIndex("api_tokens_user").on("api_tokens").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    /** "user:<id>", "cli" or "anonymous". */
    .addColumn("actor", "text", (col) => col.notNull())
    .addColumn("actor_email", "text")
    /** What was acted on, e.g. the e-mail of a sign-in attempt or "project:<slug>". */
    .addColumn("target", "text")
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("data", "text")
    .execute();
  await db.schema.createIndex("audit_log_created").on("audit_log").columns(["created_at", "id"]).execute();
  // Sign-in throttling counts recent failures per account and per address.
  await db.schema.createIndex("audit_log_action_target").on("audit_log").columns(["action", "target", "created_at"]).execute();
  await db.schema.createIndex("audit_log_action_ip").on("audit_log").columns(["action", "ip_address", "created_at"]).execute();

  await db.schema
    .createTable("instance_settings")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .execute();
}
