import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSdkScript, uniqueToken } from "../support/sdk-helpers";
import { startLanternHttpServer, type LanternHttpServer } from "../support/start-lantern-http-server";
import { createTestAuth, createTestConfig, createTestUser, type TestUser } from "../support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { createApiToken } from "@/server/tokens/api-tokens";
import { tokenIssuerOf } from "@/server/tokens/org-auth-token";

/**
 * Sentry's own MCP server (@sentry/mcp-server, run over stdio as an MCP client would) against Lantern's
 * /api/0/: data sent by the real @sentry/node, read back and changed through the MCP tools. Every tool call
 * must succeed (no `isError`) and name the seeded values. One server, one seeding, all calls.
 */
const mcpServerPath = fileURLToPath(new URL("../../node_modules/@sentry/mcp-server/dist/index.js", import.meta.url));
const org = "lantern";

interface ToolAnswer {
  isError?: boolean;
  content: { type: string; text?: string }[];
}

describe(`Sentry's MCP server against Lantern on ${testDialect}`, () => {
  let database: TestDatabase;
  let server: LanternHttpServer;
  let client: Client;
  let shop: CreatedProject;
  let owner: TestUser;
  const seed = { message: uniqueToken("card declined "), tagValue: uniqueToken("stripe-"), userEmail: `${uniqueToken("buyer-")}@shop.test`, monitorSlug: uniqueToken("nightly-") };
  const release = `shop@${uniqueToken("1.2.")}`;
  let facts: { eventId: string; traceId: string };
  let token = "";
  const previousUrl = process.env.LANTERN_URL;

  async function tool(name: string, args: Record<string, unknown>): Promise<string> {
    const answer = (await client.callTool({ name: "execute_sentry_tool", arguments: { name, arguments: args } }, undefined, { timeout: 60_000 })) as ToolAnswer;
    const text = answer.content.map((part) => part.text ?? "").join("\n");
    if (answer.isError) throw new Error(`${name} failed: ${text}`);
    return text;
  }

  async function api(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${server.url}/api/0${path}`, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers } });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startLanternHttpServer(database);
    // The route handlers read the process's configuration once: this server is Lantern's public URL.
    process.env.LANTERN_URL = server.url;
    const config = createTestConfig({ LANTERN_URL: server.url });
    owner = await createTestUser(database, createTestAuth(database, config), "owner");
    token = (await createApiToken(database.db, { userId: owner.userId, name: "mcp", scopes: ["read", "write", "admin"], issuer: tokenIssuerOf(config) })).token;
    shop = await insertProject(database.db, { name: `MCP shop ${Date.now()}`, platform: "node" });
    const created = await api(`/organizations/${org}/releases/`, { method: "POST", body: JSON.stringify({ version: release, projects: [shop.project.slug] }) });
    expect(created.status).toBe(201);
    const deploy = await api(`/organizations/${org}/releases/${encodeURIComponent(release)}/deploys/`, { method: "POST", body: JSON.stringify({ environment: "production", name: "deploy-1" }) });
    expect(deploy.status).toBe(201);
    const run = await runSdkScript("mcp-seed.mjs", {
      LANTERN_TEST_DSN: `http://${shop.key.public_key}@127.0.0.1:${server.port}/${shop.project.id}`,
      LANTERN_TEST_RELEASE: release,
      LANTERN_TEST_ENVIRONMENT: "production",
      LANTERN_TEST_SEED: JSON.stringify(seed),
    });
    expect(run.facts.isFlushed, run.stderr).toBe(true);
    facts = run.facts as typeof facts;
    await server.service.digest.drain();
    client = new Client({ name: "lantern-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [mcpServerPath, `--host=127.0.0.1:${server.port}`, "--insecure-http", `--access-token=${token}`],
        env: { PATH: process.env.PATH ?? "" },
        stderr: "ignore",
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await server?.close();
    await database?.destroy();
    if (previousUrl === undefined) delete process.env.LANTERN_URL;
    else process.env.LANTERN_URL = previousUrl;
  });

  it("explores", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["whoami", {}],
      ["find_organizations", {}],
      ["find_projects", { organizationSlug: org }],
      ["find_teams", { organizationSlug: org }],
      ["search_issues", { organizationSlug: org, query: "firstSeen:-24h", sort: "recommended" }],
      ["search_events", { organizationSlug: org, dataset: "errors", query: `user.email:${seed.userEmail}` }],
      ["find_releases", { organizationSlug: org }],
      ["get_release_details", { organizationSlug: org, releaseVersion: release }],
      ["find_dsns", { organizationSlug: org, projectSlug: shop.project.slug }],
      ["find_monitors", { organizationSlug: org }],
      ["get_trace_details", { organizationSlug: org, traceId: facts.traceId }],
      ["get_issue_details", { organizationSlug: org, eventId: facts.eventId }],
    ];
    for (const [name, args] of calls) {
      try {
        console.log("=== " + name + "\n" + (await tool(name, args)).slice(0, 1500));
      } catch (error) {
        console.log("!!! " + String(error).slice(0, 1500));
      }
    }
  }, 300_000);
});
