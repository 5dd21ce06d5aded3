import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFixtureEvent } from "../../../tests/support/send-fixture-event";
import { serveFetchHandler, type ServedHandler } from "../../../tests/support/serve-fetch-handler";
import { testDialect } from "../../../tests/support/test-database";
import { createTwoTeamProjects, type TwoTeamProjects } from "../../../tests/support/two-team-projects";
import type { Permission } from "../access/viewer";
import { getConfig } from "../config";
import { createApiToken } from "../tokens/api-tokens";
import { tokenIssuerOf } from "../tokens/org-auth-token";
import { handleMcpRequest } from "./handle-mcp-request";

interface SentrySchema {
  name: string;
  inputSchema: { properties?: Record<string, JsonSchema>; required?: string[] };
}
interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
}

const sentryTools = (JSON.parse(readFileSync(new URL("../../../tests/fixtures/sentry-mcp-tool-schemas.json", import.meta.url), "utf8")) as { tools: SentrySchema[] }).tools;

/** The JSON types a property admits ("integer" counts as "number": Sentry's MCP server mixes them). */
function typesOf(schema: JsonSchema): string[] {
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const all = [...own, ...(schema.anyOf ?? []).flatMap(typesOf)].map((type) => (type === "integer" ? "number" : type));
  return [...new Set(all)].sort();
}

const text = (result: unknown) => ((result as CallToolResult).content as { type: string; text: string }[]).map((part) => part.text).join("\n");

describe(`Lantern's MCP server at /mcp on ${testDialect}`, () => {
  let setup: TwoTeamProjects;
  let served: ServedHandler;
  const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<unknown> };
  let previousDatabase: Promise<unknown> | undefined;
  const tokens = { memberRead: "", memberWrite: "", outsider: "" };
  let issueId = 0;
  let shortId = "";
  let shopSlug = "";
  const title = `McpCheckoutError${Date.now()}`;

  async function connect(token: string | null): Promise<Client> {
    const client = new Client({ name: "lantern-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`), { requestInit: { headers: token ? { Authorization: `Bearer ${token}` } : {} } });
    await client.connect(transport);
    return client;
  }

  beforeAll(async () => {
    setup = await createTwoTeamProjects("mcp");
    previousDatabase = holder.lanternDatabase;
    holder.lanternDatabase = Promise.resolve(setup.database);
    const token = async (userId: string, scopes: Permission[]) => (await createApiToken(setup.database.db, { userId, name: "mcp", scopes, issuer: tokenIssuerOf(setup.config) })).token;
    tokens.memberRead = await token(setup.member.userId, ["read"]);
    tokens.memberWrite = await token(setup.member.userId, ["read", "write"]);
    tokens.outsider = await token(setup.outsider.userId, ["read", "write"]);
    const sent = await sendFixtureEvent(setup.database, setup.shopId, (event) => {
      const exception = (event.exception as { values: { type: string; value: string }[] }).values.at(-1)!;
      exception.type = title;
      exception.value = "card declined while paying";
      event.tags = { ...(event.tags as object), checkout_step: "payment" };
      event.timestamp = Date.now() / 1000;
    });
    issueId = sent.issueId;
    const project = await setup.database.db.selectFrom("projects").select("slug").where("id", "=", setup.shopId).executeTakeFirstOrThrow();
    shopSlug = project.slug;
    shortId = `${project.slug.toUpperCase()}-${issueId}`;
    served = await serveFetchHandler(handleMcpRequest, getConfig().publicUrl);
  });

  afterAll(async () => {
    await served?.close();
    holder.lanternDatabase = previousDatabase;
    await setup?.database.destroy();
  });

  it("lists Sentry's tool names with Sentry's argument names, types and required arguments, plus Lantern's own tools", async () => {
    const client = await connect(tokens.memberRead);
    const { tools } = await client.listTools();
    await client.close();
    const names = tools.map((tool) => tool.name);
    for (const name of ["whoami", "find_organizations", "find_projects", "search_issues", "search_issue_events", "get_issue_tag_values", "get_issue_activity", "add_issue_note", "update_issue", "find_releases", "get_release_details", "get_trace_details", "find_monitors", "find_dsns"]) expect(names).toContain(name);
    for (const name of ["get_issue_hints", "explain_grouping", "find_by_digest", "get_frame_diagnosis"]) expect(names).toContain(name);
    let shared = 0;
    for (const tool of tools) {
      const sentry = sentryTools.find((candidate) => candidate.name === tool.name);
      if (!sentry) continue;
      shared++;
      const ours = tool.inputSchema as SentrySchema["inputSchema"];
      const sentryProperties = sentry.inputSchema.properties ?? {};
      expect(Object.keys(ours.properties ?? {}).sort(), tool.name).toEqual(Object.keys(sentryProperties).sort());
      expect([...(ours.required ?? [])].sort(), tool.name).toEqual([...(sentry.inputSchema.required ?? [])].sort());
      for (const [property, schema] of Object.entries(sentryProperties)) {
        expect(typesOf((ours.properties ?? {})[property]!), `${tool.name}.${property}`).toEqual(typesOf(schema));
        if (schema.enum) expect((ours.properties ?? {})[property]!.enum, `${tool.name}.${property}`).toEqual(schema.enum);
      }
    }
    expect(shared).toBeGreaterThanOrEqual(17);
  });

  it("finds a seeded issue with a read token, and answers Markdown with links to Lantern's pages", async () => {
    const client = await connect(tokens.memberRead);
    const found = await client.callTool({ name: "search_issues", arguments: { organizationSlug: "lantern", query: `is:unresolved ${title}` } });
    expect(found.isError).toBeFalsy();
    expect(text(found)).toContain(title);
    expect(text(found)).toContain(shortId);
    expect(text(found)).toContain(`/projects/${shopSlug}/issues/${issueId}`);
    const tags = await client.callTool({ name: "get_issue_tag_values", arguments: { organizationSlug: "lantern", issueId: shortId, tagKey: "checkout_step" } });
    expect(text(tags)).toContain("payment");
    const who = await client.callTool({ name: "whoami", arguments: {} });
    expect(text(who)).toContain(setup.member.email);
    expect(text(who)).toContain("read");
    await client.close();
  });

  it("refuses update_issue to a read token and leaves the issue as it was", async () => {
    const client = await connect(tokens.memberRead);
    const refused = await client.callTool({ name: "update_issue", arguments: { organizationSlug: "lantern", issueId: shortId, status: "resolved" } });
    await client.close();
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/can only read/);
    const issue = await setup.database.db.selectFrom("issues").select("status").where("id", "=", issueId).executeTakeFirstOrThrow();
    expect(issue.status).toBe("unresolved");
  });

  it("ignores an issue for 60 minutes with a write token, and audits the call", async () => {
    const client = await connect(tokens.memberWrite);
    const before = Date.now();
    const updated = await client.callTool({ name: "update_issue", arguments: { organizationSlug: "lantern", issueId: shortId, status: "ignored", ignoreMode: "forDuration", ignoreDurationMinutes: 60, reason: "noise from a load test" } });
    await client.close();
    expect(updated.isError, text(updated)).toBeFalsy();
    expect(text(updated)).toMatch(/Status: ignored until /);
    const issue = await setup.database.db.selectFrom("issues").select(["status", "ignore_condition"]).where("id", "=", issueId).executeTakeFirstOrThrow();
    expect(issue.status).toBe("ignored");
    const until = Number((JSON.parse(issue.ignore_condition!) as { until?: number }).until);
    expect(until).toBeGreaterThanOrEqual(before + 60 * 60_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 60 * 60_000 + 1000);
    const audit = await setup.database.db.selectFrom("audit_log").select(["actor", "target", "data"]).where("action", "=", "mcp.tool_called").execute();
    expect(audit.map((row) => row.target)).toContain("tool:update_issue");
    expect(audit.find((row) => row.target === "tool:update_issue")!.actor).toBe(`user:${setup.member.email}`);
  });

  it("answers an anonymous client 401 with the protected-resource metadata, and a bad token 401 too", async () => {
    const anonymous = await fetch(`${served.url}/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${getConfig().publicUrl}/.well-known/oauth-protected-resource/mcp"`);
    await expect(connect(null)).rejects.toThrow();
    const forged = await fetch(`${served.url}/mcp`, { method: "POST", headers: { authorization: "Bearer lntrn_not_a_token", "content-type": "application/json" }, body: "{}" });
    expect(forged.status).toBe(401);
    expect(forged.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("does not show another team's project to a member's token", async () => {
    const client = await connect(tokens.outsider);
    const search = await client.callTool({ name: "search_issues", arguments: { organizationSlug: "lantern", query: title } });
    expect(text(search)).toContain("No issue matches");
    expect(text(search)).not.toContain(shortId);
    const details = await client.callTool({ name: "get_issue_tag_values", arguments: { organizationSlug: "lantern", issueId: shortId, tagKey: "checkout_step" } });
    expect(details.isError).toBe(true);
    expect(text(details)).not.toContain("payment");
    const projects = await client.callTool({ name: "find_projects", arguments: { organizationSlug: "lantern" } });
    expect(text(projects)).not.toContain(shopSlug);
    const update = await client.callTool({ name: "update_issue", arguments: { organizationSlug: "lantern", issueId: String(issueId), status: "resolved" } });
    expect(update.isError).toBe(true);
    await client.close();
  });

  it("refuses bad arguments and oversized bodies with reasons", async () => {
    const client = await connect(tokens.memberRead);
    const bad = await client.callTool({ name: "get_issue_tag_values", arguments: { issueId: shortId, tagKey: "<script>" } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/Invalid arguments for get_issue_tag_values/);
    await client.close();
    const huge = await fetch(`${served.url}/mcp`, { method: "POST", headers: { authorization: `Bearer ${tokens.memberRead}`, "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { pad: "x".repeat(300_000) } }) });
    expect(huge.status).toBe(413);
  });
});
