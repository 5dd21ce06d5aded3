import type { Kysely } from "kysely";
import { loadViewer, type Permission, type Viewer } from "../access/viewer";
import { getConfig } from "../config";
import type { Database } from "../db/schema";
import { hashOAuthToken, mcpResource, oauthAccessTokenPrefix } from "./mcp-oauth-options";
import { readJsonList, readTime } from "./oauth-columns";

/** Lantern's permissions an OAuth token may carry: read, and write (triage) — never admin or upload. */
const grantablePermissions: readonly Permission[] = ["read", "write"];

const maxTokenLength = 256;

/**
 * The viewer behind an OAuth access token issued to an MCP client, capped to the token's scopes; null for an
 * unknown, expired or revoked token, one of another audience than this instance's `/mcp`, or a token whose
 * client was disabled. One lookup by the token's SHA-256 (unique index), then the viewer as for an API token.
 */
export async function authenticateOAuthAccessToken(db: Kysely<Database>, token: string, resource: string = mcpResource(getConfig())): Promise<Viewer | null> {
  if (!token.startsWith(oauthAccessTokenPrefix) || token.length > maxTokenLength) return null;
  const row = await db
    .selectFrom("oauth_access_tokens")
    .innerJoin("oauth_clients", "oauth_clients.client_id", "oauth_access_tokens.client_id")
    .select(["oauth_access_tokens.user_id", "oauth_access_tokens.scopes", "oauth_access_tokens.resources", "oauth_access_tokens.expires_at", "oauth_access_tokens.revoked", "oauth_clients.disabled"])
    // The plugin stores the hash of the token's random part, after the prefix.
    .where("oauth_access_tokens.token", "=", hashOAuthToken(token.slice(oauthAccessTokenPrefix.length)))
    .executeTakeFirst();
  if (!row || row.user_id === null || row.revoked !== null || Boolean(row.disabled)) return null;
  if (!(readTime(row.expires_at) > Date.now())) return null;
  if (!readJsonList(row.resources).includes(resource)) return null;
  const scopes = readJsonList(row.scopes);
  const granted = grantablePermissions.filter((permission) => scopes.includes(permission));
  if (granted.length === 0) return null;
  const viewer = await loadViewer(db, row.user_id, granted);
  // A write scope also grants upload to API tokens (as Sentry's project:write does); an MCP client gets only what it was granted.
  return viewer && { ...viewer, permissions: new Set([...viewer.permissions].filter((permission) => granted.includes(permission))) };
}
