import { z } from "zod";
import type { AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { readJsonList, readTime } from "./oauth-columns";

export interface ConnectedMcpClient {
  clientId: string;
  /** The name the client registered itself with: a stranger's text, shown as text. */
  name: string;
  /** Lantern's scopes the user granted: read, or read and write. */
  scopes: string[];
  /** When the user allowed it (last time they consented). */
  authorizedAt: number;
  /** When the client last got an access token (sign-in or refresh), if it did. */
  lastTokenAt: number | null;
}

/** The MCP clients the signed-in user allowed, newest first: what Settings → Connected apps lists. */
export async function listConnectedMcpClients(context: AccessContext): Promise<ConnectedMcpClient[]> {
  const rows = await context.db
    .selectFrom("oauth_consents")
    .innerJoin("oauth_clients", "oauth_clients.client_id", "oauth_consents.client_id")
    .select(["oauth_consents.client_id", "oauth_clients.name", "oauth_consents.scopes", "oauth_consents.updated_at"])
    .where("oauth_consents.user_id", "=", context.viewer.userId)
    .execute();
  const lastTokens = await context.db
    .selectFrom("oauth_access_tokens")
    .select(["client_id", (eb) => eb.fn.max("created_at").as("last_created_at")])
    .where("user_id", "=", context.viewer.userId)
    .groupBy("client_id")
    .execute();
  const lastTokenOf = new Map(lastTokens.map((row) => [row.client_id, readTime(row.last_created_at as Date | string | null)]));
  return rows
    .map((row) => ({
      clientId: row.client_id,
      name: row.name?.trim() || "Unnamed MCP client",
      scopes: readJsonList(row.scopes).filter((scope) => scope === "read" || scope === "write"),
      authorizedAt: readTime(row.updated_at),
      lastTokenAt: lastTokenOf.has(row.client_id) ? lastTokenOf.get(row.client_id)! : null,
    }))
    .sort((a, b) => b.authorizedAt - a.authorizedAt);
}

const clientIdSchema = z.string().min(1).max(200);

/**
 * Revokes a client's access for the signed-in user: every access and refresh token it holds ends at once
 * (authenticateOAuthAccessToken refuses a revoked token) and the consent is forgotten, so the client must
 * ask again. Audited.
 */
export async function revokeMcpClient(context: AccessContext, input: { clientId: string }): Promise<void> {
  const parsed = clientIdSchema.safeParse(input.clientId);
  if (!parsed.success) throw new AppError("bad_request", "Which app?");
  const clientId = parsed.data;
  const userId = context.viewer.userId;
  const client = await context.db.selectFrom("oauth_clients").select("name").where("client_id", "=", clientId).executeTakeFirst();
  const revokedAt = context.database.dialect === "postgres" ? new Date() : new Date().toISOString();
  const revoked = await context.db.transaction().execute(async (trx) => {
    const consents = await trx.deleteFrom("oauth_consents").where("client_id", "=", clientId).where("user_id", "=", userId).executeTakeFirst();
    const accessTokens = await trx.updateTable("oauth_access_tokens").set({ revoked: revokedAt }).where("client_id", "=", clientId).where("user_id", "=", userId).where("revoked", "is", null).executeTakeFirst();
    const refreshTokens = await trx.updateTable("oauth_refresh_tokens").set({ revoked: revokedAt }).where("client_id", "=", clientId).where("user_id", "=", userId).where("revoked", "is", null).executeTakeFirst();
    return Number(consents.numDeletedRows) + Number(accessTokens.numUpdatedRows) + Number(refreshTokens.numUpdatedRows);
  });
  if (revoked === 0) throw new AppError("not_found", "This app has no access to revoke.");
  await recordAuditEvent(context.db, context.source, { action: "oauth.client_revoked", target: context.viewer.email, data: { clientId, clientName: client?.name ?? null } });
}
