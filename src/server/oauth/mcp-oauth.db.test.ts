import { createHash, randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, signInForTest, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { listAuditLog } from "../audit/list-audit-log";
import { systemContext } from "../access/system-context";
import type { Auth } from "../auth/create-auth";
import type { LanternConfig } from "../config";
import { authenticateOAuthAccessToken } from "./authenticate-oauth-access-token";
import { listConnectedMcpClients, revokeMcpClient } from "./connected-mcp-clients";
import { decideOAuthConsent, describeOAuthConsentRequest } from "./decide-oauth-consent";
import { serveAuthorizationServerMetadata, serveOAuthRequest, serveProtectedResourceMetadata } from "./serve-oauth-endpoints";

const publicUrl = "http://127.0.0.1:3999";
const resource = `${publicUrl}/mcp`;
const redirectUri = "http://127.0.0.1:45678/callback";

describe(`OAuth 2.1 for MCP clients on ${testDialect}`, () => {
  let database: TestDatabase;
  let config: LanternConfig;
  let auth: Auth;
  let member: TestUser;
  beforeEach(async () => {
    database = await createTestDatabase();
    config = createTestConfig({ LANTERN_URL: publicUrl });
    auth = createTestAuth(database, config);
    member = await createTestUser(database, auth, "member");
  });
  afterEach(() => database.destroy());

  // Each call from its own address: better-auth limits registrations to 5 a minute per address.
  let address = 0;
  const post = (path: string, body: string, contentType = "application/json", from = `10.0.0.${++address}`) =>
    serveOAuthRequest(auth, config, new Request(`${publicUrl}/api/auth${path}`, { method: "POST", headers: { "content-type": contentType, "x-lantern-client-ip": from }, body }));
  const register = (metadata: Record<string, unknown>, from?: string) => post("/oauth2/register", JSON.stringify(metadata), "application/json", from);
  const mcpClient = { client_name: "Claude Code", redirect_uris: [redirectUri], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] };

  /** Registers a client, signs the member in, asks for `scope`, consents, and trades the code (PKCE S256). */
  async function authorize(scope: string, options: { accept?: boolean } = {}) {
    const registered = await register(mcpClient);
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const cookies = await signInForTest(auth, member.email, member.password);
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const query = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope, state: "state-1", code_challenge: challenge, code_challenge_method: "S256", resource });
    const authorized = await serveOAuthRequest(auth, config, new Request(`${publicUrl}/api/auth/oauth2/authorize?${query}`, { headers: cookies }));
    expect(authorized.status).toBe(302);
    const consentUrl = new URL(authorized.headers.get("location")!, publicUrl);
    expect(consentUrl.pathname).toBe("/oauth/consent");
    const context = await createTestContext(database, config, member.userId);
    const described = await describeOAuthConsentRequest(context, consentUrl.search.slice(1));
    const next = new URL(await decideOAuthConsent(context, auth, { query: consentUrl.search.slice(1), accept: options.accept ?? true, headers: cookies }));
    return { clientId, described, next, verifier };
  }

  async function exchange(clientId: string, code: string, verifier: string) {
    const response = await post("/oauth2/token", new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier, resource }).toString(), "application/x-www-form-urlencoded");
    return { status: response.status, body: (await response.json()) as { access_token?: string; refresh_token?: string; scope?: string; error?: string } };
  }

  it("publishes the protected resource and the authorization server", async () => {
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const metadata = await (await serveProtectedResourceMetadata(auth, config, new Request(`${publicUrl}${path}`))).json();
      expect(metadata).toMatchObject({ resource, authorization_servers: [`${publicUrl}/api/auth`], scopes_supported: ["read", "write"] });
    }
    const server = await (await serveAuthorizationServerMetadata(auth, config, new Request(`${publicUrl}/.well-known/oauth-authorization-server`))).json();
    expect(server).toMatchObject({ issuer: `${publicUrl}/api/auth`, code_challenge_methods_supported: ["S256"], grant_types_supported: ["authorization_code", "refresh_token"], registration_endpoint: `${publicUrl}/api/auth/oauth2/register`, revocation_endpoint: `${publicUrl}/api/auth/oauth2/revoke` });
  });

  it("registers a public MCP client with a loopback redirect and refuses bad registrations", async () => {
    const registered = await register(mcpClient);
    expect(registered.status).toBe(201);
    expect(await registered.json()).toMatchObject({ token_endpoint_auth_method: "none", redirect_uris: [redirectUri] });
    const refusals: [string, Record<string, unknown>][] = [
      ["plain http elsewhere", { ...mcpClient, redirect_uris: ["http://attacker.example/callback"] }],
      ["a custom scheme", { ...mcpClient, redirect_uris: ["javascript:alert(1)"] }],
      ["too many redirects", { ...mcpClient, redirect_uris: Array.from({ length: 6 }, (_, index) => `http://127.0.0.1:${4000 + index}/callback`) }],
      ["a long redirect", { ...mcpClient, redirect_uris: [`https://example.com/${"a".repeat(600)}`] }],
      ["no redirect", { ...mcpClient, redirect_uris: [] }],
      ["a long name", { ...mcpClient, client_name: "n".repeat(101) }],
      ["a confidential client", { ...mcpClient, token_endpoint_auth_method: "client_secret_basic" }],
    ];
    for (const [, metadata] of refusals) {
      const response = await register(metadata);
      expect(response.status).toBe(400);
    }
    const tooLarge = await post("/oauth2/register", JSON.stringify({ ...mcpClient, padding: "x".repeat(20_000) }));
    expect(tooLarge.status).toBe(413);
    const fromOneAddress = [];
    for (let attempt = 0; attempt < 6; attempt++) fromOneAddress.push((await register({ ...mcpClient, client_name: "n".repeat(101) }, "10.9.9.9")).status);
    expect(fromOneAddress).toEqual([400, 400, 400, 400, 400, 429]);
    expect(Number((await database.db.selectFrom("oauth_clients").select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow()).count)).toBe(1);
  });

  it("issues a read token bound to /mcp that authenticates as the member with read only", async () => {
    const { clientId, described, next, verifier } = await authorize("read offline_access");
    expect(described).toEqual({ clientId, clientName: "Claude Code", redirectHost: "127.0.0.1:45678", scopes: ["read"] });
    expect(`${next.origin}${next.pathname}`).toBe(redirectUri);
    expect(next.searchParams.get("state")).toBe("state-1");
    const { status, body } = await exchange(clientId, next.searchParams.get("code")!, verifier);
    expect(status).toBe(200);
    expect(body.scope?.split(" ").sort()).toEqual(["offline_access", "read"]);
    const viewer = await authenticateOAuthAccessToken(database.db, body.access_token!, resource);
    expect(viewer).toMatchObject({ userId: member.userId });
    expect([...viewer!.permissions]).toEqual(["read"]);
    // Another resource's token is not this one's, and a tampered token is nobody's.
    expect(await authenticateOAuthAccessToken(database.db, body.access_token!, "http://127.0.0.1:3999/other")).toBeNull();
    expect(await authenticateOAuthAccessToken(database.db, `${body.access_token!}x`, resource)).toBeNull();
    // The code is single-use, and useless without the verifier.
    const replayed = await exchange(clientId, next.searchParams.get("code")!, verifier);
    expect(replayed.status).toBeGreaterThanOrEqual(400);
    expect(replayed.body.access_token).toBeUndefined();
  });

  it("sends a signed-out user to the consent page (which signs them in first), and refuses a request without PKCE", async () => {
    const { client_id: clientId } = (await (await register(mcpClient)).json()) as { client_id: string };
    const query = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope: "read", state: "s", code_challenge: "x".repeat(43), code_challenge_method: "S256", resource });
    const signedOut = await serveOAuthRequest(auth, config, new Request(`${publicUrl}/api/auth/oauth2/authorize?${query}`));
    expect(signedOut.status).toBe(302);
    expect(new URL(signedOut.headers.get("location")!, publicUrl).pathname).toBe("/oauth/consent");
    query.delete("code_challenge");
    query.delete("code_challenge_method");
    const withoutPkce = await serveOAuthRequest(auth, config, new Request(`${publicUrl}/api/auth/oauth2/authorize?${query}`, { headers: await signInForTest(auth, member.email, member.password) }));
    const location = new URL(withoutPkce.headers.get("location") ?? "", publicUrl);
    expect(location.searchParams.get("code")).toBeNull();
    expect(location.searchParams.get("error")).toBeTruthy();
  });

  it("serves nothing when LANTERN_URL is plain http on a LAN name (the MCP plugin needs https)", async () => {
    const lanConfig = createTestConfig({ LANTERN_URL: "http://lantern.lan" });
    const lanAuth = createTestAuth(database, lanConfig);
    expect((await serveProtectedResourceMetadata(lanAuth, lanConfig, new Request("http://lantern.lan/.well-known/oauth-protected-resource/mcp"))).status).toBe(404);
    expect((await serveOAuthRequest(lanAuth, lanConfig, new Request("http://lantern.lan/api/auth/oauth2/register", { method: "POST", body: JSON.stringify(mcpClient) }))).status).toBe(404);
  });

  it("refuses a code without the right PKCE verifier", async () => {
    const { clientId, next } = await authorize("read");
    const refused = await exchange(clientId, next.searchParams.get("code")!, randomBytes(32).toString("base64url"));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.access_token).toBeUndefined();
  });

  it("issues read-write tokens capped to read and write, never admin or upload", async () => {
    const { clientId, next, verifier } = await authorize("read write offline_access");
    const { body } = await exchange(clientId, next.searchParams.get("code")!, verifier);
    const viewer = await authenticateOAuthAccessToken(database.db, body.access_token!, resource);
    expect([...viewer!.permissions].sort()).toEqual(["read", "write"]);
  });

  it("sends the browser back with access_denied when the user denies", async () => {
    const { next } = await authorize("read", { accept: false });
    expect(next.searchParams.get("error")).toBe("access_denied");
    expect(next.searchParams.get("code")).toBeNull();
  });

  it("lists the connected client and revokes its access and refresh tokens at once, audited", async () => {
    const { clientId, next, verifier } = await authorize("read write offline_access");
    const { body } = await exchange(clientId, next.searchParams.get("code")!, verifier);
    const context = await createTestContext(database, config, member.userId);
    expect(await listConnectedMcpClients(context)).toMatchObject([{ clientId, name: "Claude Code", scopes: ["read", "write"] }]);
    expect(await authenticateOAuthAccessToken(database.db, body.access_token!, resource)).toMatchObject({ userId: member.userId });
    await revokeMcpClient(context, { clientId });
    expect(await authenticateOAuthAccessToken(database.db, body.access_token!, resource)).toBeNull();
    const refreshed = await post("/oauth2/token", new URLSearchParams({ grant_type: "refresh_token", refresh_token: body.refresh_token!, client_id: clientId, resource }).toString(), "application/x-www-form-urlencoded");
    expect(refreshed.status).toBe(400);
    expect(await listConnectedMcpClients(context)).toEqual([]);
    await expect(revokeMcpClient(context, { clientId })).rejects.toMatchObject({ code: "not_found" });
    const actions = (await listAuditLog(systemContext(database, config))).entries.map((entry) => [entry.action, entry.target]);
    expect(actions).toContainEqual(["oauth.client_authorized", member.email]);
    expect(actions).toContainEqual(["oauth.client_revoked", member.email]);
  });

  it("refreshes a token, and the client's own revocation ends it", async () => {
    const { clientId, next, verifier } = await authorize("read offline_access");
    const { body } = await exchange(clientId, next.searchParams.get("code")!, verifier);
    const refreshed = await post("/oauth2/token", new URLSearchParams({ grant_type: "refresh_token", refresh_token: body.refresh_token!, client_id: clientId, resource }).toString(), "application/x-www-form-urlencoded");
    expect(refreshed.status).toBe(200);
    const renewed = (await refreshed.json()) as { access_token: string };
    expect(await authenticateOAuthAccessToken(database.db, renewed.access_token, resource)).toMatchObject({ userId: member.userId });
    const revoked = await post("/oauth2/revoke", new URLSearchParams({ token: renewed.access_token, token_type_hint: "access_token", client_id: clientId }).toString(), "application/x-www-form-urlencoded");
    expect(revoked.status).toBe(200);
    expect(await authenticateOAuthAccessToken(database.db, renewed.access_token, resource)).toBeNull();
  });
});
