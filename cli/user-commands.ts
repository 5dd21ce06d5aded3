import { randomBytes } from "node:crypto";
import { text } from "node:stream/consumers";
import type { LanternConfig } from "../src/server/config";
import { createAuth } from "../src/server/auth/create-auth";
import { getAuthSecret } from "../src/server/auth/get-auth-secret";
import { recordAuditEvent } from "../src/server/audit/record-audit-event";
import { migrateToLatest } from "../src/server/db/migrate";
import type { Role } from "../src/server/db/schema";
import { createApiToken, parseScopes } from "../src/server/tokens/api-tokens";
import { createUser } from "../src/server/users/create-user";
import { resolvePublicUrl } from "./choose-public-url";
import { withDatabase } from "./with-database";

export interface CreateUserOptions {
  email: string;
  name?: string;
  owner?: boolean;
  role?: string;
  passwordStdin?: boolean;
}

/**
 * `lantern user create`: for headless installs. The password is read from stdin (--password-stdin) or,
 * without it, generated and printed once; Lantern has no default password.
 */
export async function runCreateUser(config: LanternConfig, options: CreateUserOptions): Promise<void> {
  const role: Role = options.owner ? "owner" : options.role === "admin" || options.role === "owner" ? options.role : "member";
  const password = options.passwordStdin ? (await text(process.stdin)).replace(/\r?\n$/, "") : randomBytes(18).toString("base64url");
  await withDatabase(config, async (database) => {
    await migrateToLatest(database.db);
    const auth = createAuth(database, config, await getAuthSecret(database.db, config.auth.secret));
    const { userId } = await createUser(database.db, { email: options.email, name: options.name ?? options.email.split("@")[0]!, password, role }, auth);
    await recordAuditEvent(database.db, { actor: "cli" }, { action: "user.created", target: options.email.toLowerCase(), data: { userId, role } });
    console.log(`Created ${role} ${options.email.toLowerCase()}.`);
    if (!options.passwordStdin) console.log(`Password (shown once): ${password}`);
  });
}

/**
 * `lantern token create`: prints a new API token of the user, once. The token names the URL the server is
 * reached at (as the CLI's DSNs do: LANTERN_URL, else the one the running server recorded), which sentry-cli
 * then uses without `--url`; stderr says which URL it is.
 */
export async function runCreateToken(config: LanternConfig, options: { user: string; scopes: string; name?: string }): Promise<void> {
  await withDatabase(config, async (database) => {
    await migrateToLatest(database.db);
    const user = await database.db.selectFrom("users").select(["id", "email"]).where("email", "=", options.user.trim().toLowerCase()).executeTakeFirst();
    if (!user) throw new Error(`No user has the e-mail ${options.user}.`);
    const scopes = parseScopes(options.scopes);
    const url = await resolvePublicUrl(database, "Tokens", config.publicUrl);
    const { token } = await createApiToken(database.db, { userId: user.id, name: options.name ?? "CLI token", scopes, issuer: { url: url.replace(/\/+$/, ""), org: config.auth.organizationSlug } });
    await recordAuditEvent(database.db, { actor: "cli" }, { action: "token.created", target: user.email, data: { scopes } });
    console.log(token);
  });
}
