import { expect } from "vitest";
import { authenticateOAuthAccessToken } from "@/server/oauth/authenticate-oauth-access-token";
import { listConnectedMcpClients } from "@/server/oauth/connected-mcp-clients";
import { hashOAuthToken } from "@/server/oauth/mcp-oauth-options";
import { createTestContext } from "../../support/test-accounts";
import { authBoolean, authTime, insertRow, type SeedTarget } from "../seed-sql";
import { hour, now, type Upgraded } from "../seed-world";

const resource = "https://lantern.example/mcp";
const tokenSecret = "upgradeSeedAccessToken0123456789";

/** Bob allowed an MCP client read access an hour ago; its access token is valid for another day. */
export async function seed(target: SeedTarget): Promise<void> {
  const at = now - hour;
  await insertRow(target, "oauth_clients", {
    id: "oac_seed",
    client_id: "client-seed",
    name: "Seeded MCP client",
    redirect_uris: JSON.stringify(["http://127.0.0.1:33418/callback"]),
    token_endpoint_auth_method: "none",
    disabled: authBoolean(target, false),
    created_at: authTime(at),
    updated_at: authTime(at),
  });
  await insertRow(target, "oauth_consents", { id: "ocs_seed", client_id: "client-seed", user_id: "usr_bob", scopes: JSON.stringify(["read"]), resources: JSON.stringify([resource]), created_at: authTime(at), updated_at: authTime(at) });
  await insertRow(target, "oauth_access_tokens", {
    id: "oat_seed",
    token: hashOAuthToken(tokenSecret),
    client_id: "client-seed",
    user_id: "usr_bob",
    resources: JSON.stringify([resource]),
    scopes: JSON.stringify(["read"]),
    expires_at: authTime(now + 24 * hour),
    created_at: authTime(at),
  });
}

export async function check({ database, config }: Upgraded): Promise<void> {
  const viewer = await authenticateOAuthAccessToken(database.db, `lantern_oat_${tokenSecret}`, resource);
  expect(viewer?.userId).toBe("usr_bob");
  expect([...viewer!.permissions]).toEqual(["read"]);
  const bob = await createTestContext(database, config, "usr_bob");
  expect(await listConnectedMcpClients(bob)).toMatchObject([{ clientId: "client-seed", name: "Seeded MCP client", scopes: ["read"] }]);
}
