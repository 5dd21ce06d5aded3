import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import { loadViewer, permissions, type Permission, type Viewer } from "../access/viewer";
import { issueOrgAuthToken, orgAuthTokenPrefix, type TokenIssuer } from "./org-auth-token";

/** Tokens issued before the org-token format; they keep working (only their hash is looked up). */
const legacyTokenPrefix = "lnt_";

/** An org token carries two URLs and the slug in its payload: generous for any real LANTERN_URL, still a bound. */
const maxTokenLength = 4096;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Parses "read,write" into scopes; every scope must be known, and at least one given. */
export function parseScopes(value: string): Permission[] {
  const scopes = [...new Set(value.split(/[\s,]+/).filter(Boolean))];
  const unknown = scopes.filter((scope) => !permissions.includes(scope as Permission));
  if (scopes.length === 0 || unknown.length > 0) throw new AppError("bad_request", `Scopes are read, write, admin and upload${unknown.length ? ` (not ${unknown.join(", ")})` : ""}.`);
  return permissions.filter((permission) => scopes.includes(permission));
}

export interface CreatedToken {
  id: number;
  /** Shown once; only its sha256 is stored. */
  token: string;
}

/**
 * Creates an API token for a user, in Sentry's org-token format (org-auth-token.ts) so that sentry-cli and the
 * bundler plugins read this instance's URL and organization from it. The secret is 32 random bytes: a fast
 * hash is enough to store it (nothing to brute-force).
 */
export async function createApiToken(db: Kysely<Database>, input: { userId: string; name: string; scopes: Permission[]; issuer: TokenIssuer }): Promise<CreatedToken> {
  if (input.scopes.length === 0) throw new AppError("bad_request", "Choose at least one scope.");
  const { token, secret } = issueOrgAuthToken(input.issuer);
  const row = await db
    .insertInto("api_tokens")
    .values({
      user_id: input.userId,
      name: input.name.trim().slice(0, 100) || "API token",
      token_hash: hashToken(token),
      // The payload's start is the same in every token; the secret's end tells them apart, as Sentry shows them.
      token_prefix: `${orgAuthTokenPrefix}…${secret.slice(-4)}`,
      scopes: input.scopes.join(","),
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), token };
}

export async function listApiTokens(db: Kysely<Database>, userId: string) {
  const rows = await db.selectFrom("api_tokens").selectAll().where("user_id", "=", userId).where("revoked_at", "is", null).orderBy("id", "desc").execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, hint: tokenHint(row.token_prefix), scopes: row.scopes.split(","), createdAt: Number(row.created_at), lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at) }));
}

/** How the list names a token: `sntrys_…abcd` (the secret's last characters), or a legacy token's first ones and `…`. */
function tokenHint(storedPrefix: string): string {
  return storedPrefix.includes("…") ? storedPrefix : `${storedPrefix}…`;
}

/** Revokes one of the user's tokens; false if they have no such live token. */
export async function revokeApiToken(db: Kysely<Database>, input: { userId: string; tokenId: number }): Promise<boolean> {
  const result = await db.updateTable("api_tokens").set({ revoked_at: Date.now() }).where("id", "=", input.tokenId).where("user_id", "=", input.userId).where("revoked_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** last_used_at is written at most once a minute per token, so reads do not all become writes. */
const lastUsedPrecisionMs = 60_000;

/** The viewer behind `Authorization: Bearer <token>`, with the token's scopes; null for an unknown or revoked token. */
export async function authenticateApiToken(db: Kysely<Database>, token: string): Promise<Viewer | null> {
  if (!(token.startsWith(orgAuthTokenPrefix) || token.startsWith(legacyTokenPrefix)) || token.length > maxTokenLength) return null;
  const row = await db.selectFrom("api_tokens").select(["id", "user_id", "scopes", "last_used_at"]).where("token_hash", "=", hashToken(token)).where("revoked_at", "is", null).executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  if (row.last_used_at === null || now - Number(row.last_used_at) > lastUsedPrecisionMs) {
    await db.updateTable("api_tokens").set({ last_used_at: now }).where("id", "=", row.id).execute();
  }
  return loadViewer(db, row.user_id, row.scopes.split(",") as Permission[]);
}
