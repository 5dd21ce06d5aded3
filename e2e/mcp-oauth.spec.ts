import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { expect, test } from "@playwright/test";
import { anonymousState, e2eBaseUrl, e2eOwner } from "./support/server";

/**
 * Acceptance 3 of issue 32: an MCP client (the official TypeScript SDK's OAuth client) finds Lantern's
 * authorization server from /mcp's 401, registers itself, and sends the user to Lantern; the user signs in
 * and allows it in Chromium; the redirect to the client's loopback callback delivers the code; the SDK trades
 * it (PKCE) for a token that works on /mcp — until the user revokes the app in Settings.
 */
const clientName = "E2E MCP client <b>not bold</b>";

/** The client's loopback redirect target, as MCP clients run one: the first request's code, then a plain page. */
async function startCallbackServer(): Promise<{ server: Server; url: string; code: Promise<string> }> {
  let deliver: (code: string) => void = () => {};
  const code = new Promise<string>((resolve) => (deliver = resolve));
  const server = createServer((request, response) => {
    const query = new URL(request.url ?? "/", "http://127.0.0.1").searchParams;
    const received = query.get("code");
    if (received) deliver(received);
    response.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
    response.end(received ? "Authorized. You can close this tab." : `Not authorized: ${query.get("error") ?? "no code"}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, code };
}

/** An in-memory OAuthClientProvider; the authorization URL it is sent to is opened in Chromium by the test. */
class TestOAuthProvider implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  private information: OAuthClientInformationMixed | undefined;
  private savedTokens: OAuthTokens | undefined;
  private verifier = "";
  constructor(private readonly callbackUrl: string) {}
  get redirectUrl() {
    return this.callbackUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: clientName, redirect_uris: [this.callbackUrl], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.savedTokens;
  }
  saveTokens(tokens: OAuthTokens) {
    this.savedTokens = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

test.use({ storageState: anonymousState });

test("an MCP client registers, the user signs in and allows it, its token works on /mcp until revoked in Settings", async ({ page }) => {
  const callback = await startCallbackServer();
  try {
    const mcpUrl = new URL("/mcp", e2eBaseUrl);
    const provider = new TestOAuthProvider(callback.url);

    // The first connection is refused (401 with resource metadata); the SDK discovers, registers, and asks us to open the authorization URL.
    const firstTransport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: "e2e", version: "1.0.0" }).connect(firstTransport)).rejects.toThrow(/Unauthorized/i);
    expect(provider.clientInformation()?.client_id).toBeTruthy();
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${e2eBaseUrl}/api/auth/oauth2/authorize`);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("resource")).toBe(`${e2eBaseUrl}/mcp`);

    // Not signed in: Lantern's sign-in page first, then back to the consent page.
    await page.goto(authorizationUrl.toString());
    await expect(page).toHaveURL(/\/sign-in\?next=%2Foauth%2Fconsent/);
    await page.getByLabel("E-mail").fill(e2eOwner.email);
    await page.getByLabel("Password").fill(e2eOwner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Allow access to Lantern?" })).toBeVisible();
    // The registered name is text, never markup.
    await expect(page.getByTestId("oauth-client-name")).toHaveText(clientName);
    await expect(page.getByText(new URL(callback.url).host, { exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Access asked" }).getByRole("listitem")).toHaveText([/^Read your projects/, /^Also triage/]);
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page.getByText("Authorized. You can close this tab.")).toBeVisible();

    await firstTransport.finishAuth(await callback.code);
    const accessToken = provider.tokens()!.access_token;
    expect(accessToken).toMatch(/^lantern_oat_/);
    const client = new Client({ name: "e2e", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["search_issues", "whoami", "update_issue"]));
    const whoami = await client.callTool({ name: "whoami", arguments: {} });
    expect(whoami.isError).toBeFalsy();
    expect(JSON.stringify(whoami.content)).toContain(e2eOwner.email);

    // Settings lists the app; revoking it ends the token at once.
    await page.goto("/settings/account");
    const row = page.getByRole("list", { name: "Connected apps" }).getByRole("listitem").filter({ hasText: clientName });
    await expect(row.getByText("read", { exact: true })).toBeVisible();
    await expect(row.getByText("write", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: "Revoke…" }).click();
    await page.getByRole("alertdialog", { name: `Revoke ${clientName}?` }).getByRole("button", { name: "Revoke access" }).click();
    await expect(page.getByRole("list", { name: "Connected apps" })).toHaveCount(0);
    await expect(page.getByText("No connected apps.")).toBeVisible();

    const refused = await fetch(mcpUrl, {
      method: "POST",
      headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain(`resource_metadata="${e2eBaseUrl}/.well-known/oauth-protected-resource/mcp"`);
    await expect(client.listTools()).rejects.toThrow();

    await page.goto("/settings/audit-log");
    const audit = page.getByRole("table", { name: "Audit log" }).getByRole("row");
    await expect(audit.filter({ hasText: "oauth.client_authorized" }).first()).toBeVisible();
    await expect(audit.filter({ hasText: "oauth.client_revoked" }).first()).toBeVisible();
  } finally {
    await new Promise((resolve) => callback.server.close(resolve));
  }
});
