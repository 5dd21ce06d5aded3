import { PostgresAdapter, type Kysely } from "kysely";
import { booleanType, timestampType } from "./column-types";

/** better-auth keeps string lists and JSON as jsonb in PostgreSQL and as JSON text in SQLite. */
function jsonType(db: Kysely<unknown>) {
  return db.getExecutor().adapter instanceof PostgresAdapter ? ("jsonb" as const) : ("text" as const);
}

/**
 * OAuth 2.1 for MCP clients: the tables of better-auth's OAuth provider plugin (through @better-auth/mcp),
 * snake_case as mapped in src/server/oauth/mcp-oauth-options.ts; auth-schema.db.test.ts compares them with
 * the plugin's own schema. Tokens are stored as their SHA-256 only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const json = jsonType(db);
  const bool = booleanType(db);
  const time = timestampType(db);

  await db.schema
    .createTable("oauth_clients")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("client_id", "text", (col) => col.notNull().unique())
    .addColumn("client_secret", "text")
    .addColumn("client_discovery_id", "text")
    .addColumn("disabled", bool)
    .addColumn("skip_consent", bool)
    .addColumn("enable_end_session", bool)
    .addColumn("subject_type", "text")
    .addColumn("scopes", json)
    .addColumn("client_credentials_scopes", json)
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("created_at", time)
    .addColumn("updated_at", time)
    .addColumn("name", "text")
    .addColumn("uri", "text")
    .addColumn("icon", "text")
    .addColumn("contacts", json)
    .addColumn("tos", "text")
    .addColumn("policy", "text")
    .addColumn("software_id", "text")
    .addColumn("software_version", "text")
    .addColumn("software_statement", "text")
    .addColumn("redirect_uris", json, (col) => col.notNull())
    .addColumn("post_logout_redirect_uris", json)
    .addColumn("backchannel_logout_uri", "text")
    .addColumn("backchannel_logout_session_required", bool)
    .addColumn("token_endpoint_auth_method", "text")
    .addColumn("application_type", "text")
    .addColumn("jwks", "text")
    .addColumn("jwks_uri", "text")
    .addColumn("grant_types", json)
    .addColumn("response_types", json)
    .addColumn("require_pkce", bool)
    .addColumn("dpop_bound_access_tokens", bool)
    .addColumn("reference_id", "text")
    .addColumn("metadata", json)
    .execute();
  await db.schema.createIndex("oauth_clients_user").on("oauth_clients").column("user_id").execute();

  await db.schema
    .createTable("oauth_resources")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("identifier", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("access_token_ttl", "integer")
    .addColumn("refresh_token_ttl", "integer")
    .addColumn("signing_algorithm", "text")
    .addColumn("signing_key_id", "text")
    .addColumn("allowed_scopes", json)
    .addColumn("custom_claims", json)
    .addColumn("dpop_bound_access_tokens_required", bool)
    .addColumn("disabled", bool)
    .addColumn("created_at", time)
    .addColumn("updated_at", time)
    .addColumn("policy_version", "integer")
    .addColumn("metadata", json)
    .execute();

  await db.schema
    .createTable("oauth_client_resources")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("client_id", "text", (col) => col.notNull().references("oauth_clients.client_id").onDelete("cascade"))
    .addColumn("resource_id", "text", (col) => col.notNull().references("oauth_resources.identifier").onDelete("cascade"))
    .addColumn("metadata", json)
    .addColumn("created_at", time)
    .execute();
  await db.schema.createIndex("oauth_client_resources_pair").on("oauth_client_resources").columns(["client_id", "resource_id"]).unique().execute();
  await db.schema.createIndex("oauth_client_resources_resource").on("oauth_client_resources").column("resource_id").execute();

  await db.schema
    .createTable("oauth_refresh_tokens")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("client_id", "text", (col) => col.notNull().references("oauth_clients.client_id").onDelete("cascade"))
    .addColumn("session_id", "text", (col) => col.references("sessions.id").onDelete("set null"))
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reference_id", "text")
    .addColumn("authorization_code_id", "text")
    .addColumn("resources", json)
    .addColumn("requested_user_info_claims", json)
    .addColumn("expires_at", time, (col) => col.notNull())
    .addColumn("created_at", time, (col) => col.notNull())
    .addColumn("revoked", time)
    .addColumn("rotated_at", time)
    .addColumn("rotation_replay_response", "text")
    .addColumn("rotation_replay_expires_at", time)
    .addColumn("auth_time", time)
    .addColumn("confirmation", json)
    .addColumn("scopes", json, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("oauth_refresh_tokens_client").on("oauth_refresh_tokens").column("client_id").execute();
  await db.schema.createIndex("oauth_refresh_tokens_session").on("oauth_refresh_tokens").column("session_id").execute();
  await db.schema.createIndex("oauth_refresh_tokens_user").on("oauth_refresh_tokens").columns(["user_id", "client_id"]).execute();
  await db.schema.createIndex("oauth_refresh_tokens_code").on("oauth_refresh_tokens").column("authorization_code_id").execute();

  await db.schema
    .createTable("oauth_access_tokens")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("client_id", "text", (col) => col.notNull().references("oauth_clients.client_id").onDelete("cascade"))
    .addColumn("session_id", "text", (col) => col.references("sessions.id").onDelete("set null"))
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("reference_id", "text")
    .addColumn("authorization_code_id", "text")
    .addColumn("resources", json)
    .addColumn("requested_user_info_claims", json)
    .addColumn("refresh_id", "text", (col) => col.references("oauth_refresh_tokens.id").onDelete("cascade"))
    .addColumn("expires_at", time, (col) => col.notNull())
    .addColumn("created_at", time, (col) => col.notNull())
    .addColumn("revoked", time)
    .addColumn("confirmation", json)
    .addColumn("scopes", json, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("oauth_access_tokens_client").on("oauth_access_tokens").column("client_id").execute();
  await db.schema.createIndex("oauth_access_tokens_session").on("oauth_access_tokens").column("session_id").execute();
  await db.schema.createIndex("oauth_access_tokens_user").on("oauth_access_tokens").columns(["user_id", "client_id"]).execute();
  await db.schema.createIndex("oauth_access_tokens_code").on("oauth_access_tokens").column("authorization_code_id").execute();
  await db.schema.createIndex("oauth_access_tokens_refresh").on("oauth_access_tokens").column("refresh_id").execute();

  await db.schema
    .createTable("oauth_consents")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("client_id", "text", (col) => col.notNull().references("oauth_clients.client_id").onDelete("cascade"))
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("reference_id", "text")
    .addColumn("resources", json)
    .addColumn("requested_user_info_claims", json)
    .addColumn("scopes", json, (col) => col.notNull())
    .addColumn("created_at", time, (col) => col.notNull())
    .addColumn("updated_at", time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("oauth_consents_client").on("oauth_consents").column("client_id").execute();
  await db.schema.createIndex("oauth_consents_user").on("oauth_consents").columns(["user_id", "client_id"]).execute();

  await db.schema
    .createTable("oauth_client_assertions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("expires_at", time, (col) => col.notNull())
    .execute();
}
