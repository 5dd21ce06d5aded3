import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayEnvelope } from "../support/replay-recording";
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
    const team = await database.db.insertInto("teams").values({ slug: "checkout-team", name: "Checkout", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_projects").values({ team_id: team.id, project_id: shop.project.id }).execute();
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

  it("answers every tool an assistant uses to triage, with the seeded values and without isError", async () => {
    const issues = (await (await api(`/organizations/${org}/issues/?query=`)).json()) as { id: string; shortId: string }[];
    expect(issues).toHaveLength(1);
    const { id: issueId, shortId } = issues[0]!;

    const whoami = await tool("whoami", {});
    expect(whoami).toContain(owner.email);
    expect(whoami).toContain(owner.userId);

    expect(await tool("find_organizations", {})).toContain(`"slug": "${org}"`);
    expect(await tool("find_projects", { organizationSlug: org })).toContain(shop.project.slug);
    expect(await tool("find_teams", { organizationSlug: org })).toContain("checkout-team");

    const recent = await tool("search_issues", { organizationSlug: org, query: "firstSeen:-24h", sort: "recommended" });
    expect(recent).toContain(shortId);
    expect(recent).toContain(seed.message);
    expect(await tool("search_issues", { organizationSlug: org, query: "firstSeen:+24h", sort: "date" })).not.toContain(shortId);

    const byShortId = await tool("get_issue_details", { organizationSlug: org, issueId: shortId });
    expect(byShortId).toContain(seed.message);
    expect(byShortId).toContain(facts.eventId);
    const byEventId = await tool("get_issue_details", { organizationSlug: org, eventId: facts.eventId });
    expect(byEventId).toContain(`# Issue ${shortId}`);
    expect(byEventId).toContain(facts.eventId);

    const errors = await tool("search_events", { organizationSlug: org, dataset: "errors", query: `user.email:${seed.userEmail}` });
    expect(errors).toContain(shortId);
    expect(errors).toContain("TypeError");
    expect(errors).toContain("user-42");
    const counted = await tool("search_events", { organizationSlug: org, dataset: "errors", query: "level:error", fields: ["issue", "count()", "count_unique(user)", "last_seen()"], sort: "-count()" });
    expect(counted).toMatch(new RegExp(`"issue": "${shortId}",\\s*"count\\(\\)": 1,\\s*"count_unique\\(user\\)": 1`));

    const spans = await tool("search_events", { organizationSlug: org, dataset: "spans", query: "span.op:payment" });
    expect(spans).toContain("charge card");
    expect(spans).toContain(facts.traceId);
    const logs = await tool("search_events", { organizationSlug: org, dataset: "logs", query: "severity:warn" });
    expect(logs).toContain(`${seed.message}: retrying the card`);

    const issueEvents = await tool("search_issue_events", { organizationSlug: org, issueId: shortId, query: `user.email:${seed.userEmail}` });
    expect(issueEvents).toContain(facts.eventId);
    expect(await tool("search_issue_events", { organizationSlug: org, issueId: shortId, query: "user.email:nobody@shop.test" })).toContain("No results found");

    const tagValues = await tool("get_issue_tag_values", { organizationSlug: org, issueId: shortId, tagKey: "payment.provider" });
    expect(tagValues).toContain(seed.tagValue);

    const note = "Looked at it: the card processor timed out.";
    expect(await tool("add_issue_note", { organizationSlug: org, issueId: shortId, text: note })).toContain(note);
    const activity = await tool("get_issue_activity", { organizationSlug: org, issueId: shortId });
    expect(activity).toContain(note);
    expect(activity).toContain("first_seen");

    const reports = await tool("get_issue_user_reports", { organizationSlug: org, issueId: shortId });
    expect(reports).toContain(`${seed.message}: the button did nothing`);

    const releases = await tool("find_releases", { organizationSlug: org });
    expect(releases).toContain(release);
    const releaseDetails = await tool("get_release_details", { organizationSlug: org, releaseVersion: release });
    expect(releaseDetails).toContain("deploy-1");
    expect(releaseDetails).toContain("production");

    expect(await tool("find_dsns", { organizationSlug: org, projectSlug: shop.project.slug })).toContain(shop.key.public_key);
    expect(await tool("find_monitors", { organizationSlug: org })).toContain(seed.monitorSlug);
    expect(await tool("get_monitor_details", { organizationSlug: org, monitorSlug: seed.monitorSlug })).toContain("interval");

    const trace = await tool("get_trace_details", { organizationSlug: org, traceId: facts.traceId });
    expect(trace).toContain(facts.traceId);
    expect(trace).toContain("payment");

    const ignored = await tool("update_issue", { organizationSlug: org, issueId: shortId, status: "ignored", ignoreDurationMinutes: 60 });
    expect(ignored).toContain("**ignored**");
    const stored = await database.db.selectFrom("issues").select(["status", "substatus", "ignore_condition"]).where("id", "=", Number(issueId)).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: "ignored", substatus: "archived_until_condition_met" });
    const condition = JSON.parse(stored.ignore_condition!) as { kind: string; minutes: number; until: number };
    expect(condition).toMatchObject({ kind: "duration", minutes: 60 });
    expect(Math.abs(condition.until - (Date.now() + 60 * 60_000))).toBeLessThan(120_000);
    const details = (await (await api(`/organizations/${org}/issues/${shortId}/`)).json()) as { status: string; statusDetails: { ignoreDuration?: number } };
    expect(details).toMatchObject({ status: "ignored", statusDetails: { ignoreDuration: 60 } });
  }, 300_000);

  it("inspects a session replay sent as the Replay SDK sends it: get_replay_details by id and by URL, get_sentry_resource, search_events on replays", async () => {
    const replayId = randomUUID().replaceAll("-", "");
    const startedAt = Date.now() - 60_000;
    const email = `${uniqueToken("viewer-")}@shop.test`;
    const events = [
      [
        { type: 4, timestamp: startedAt, data: { href: "https://shop.example.com/checkout", width: 1280, height: 800 } },
        { type: 2, timestamp: startedAt + 1, data: { node: { type: 0, id: 1, childNodes: [{ type: 2, id: 2, tagName: "html", attributes: {}, childNodes: [] }] }, initialOffset: { top: 0, left: 0 } } },
      ],
      [{ type: 5, timestamp: startedAt + 6_000, data: { tag: "breadcrumb", payload: { timestamp: (startedAt + 6_000) / 1000, type: "default", category: "ui.click", message: "body > main > button#pay-now" } } }],
    ];
    const dsn = `http://${shop.key.public_key}@127.0.0.1:${server.port}/${shop.project.id}`;
    for (const [segmentId, segment] of events.entries()) {
      const { body } = replayEnvelope({ dsn, replayId, segmentId, startedAt, events: segment, errorIds: segmentId === 1 ? [facts.eventId] : [], replayEvent: { user: { id: "viewer-7", email }, urls: segmentId === 0 ? ["https://shop.example.com/checkout"] : [] } });
      const sent = await fetch(`${server.url}/api/${shop.project.id}/envelope/?sentry_key=${shop.key.public_key}&sentry_version=7`, { method: "POST", body: Buffer.from(body) });
      expect(sent.status).toBe(200);
    }
    await server.service.digest.drain();

    const byId = await tool("get_replay_details", { organizationSlug: org, replayId });
    expect(byId).toContain(`# Replay ${replayId}`);
    expect(byId).toContain(email);
    expect(byId).toContain("https://shop.example.com/checkout");
    expect(byId).toContain("**Recording Segments**: 2");
    expect(byId).toContain("button#pay-now");
    const dashed = `${replayId.slice(0, 8)}-${replayId.slice(8, 12)}-${replayId.slice(12, 16)}-${replayId.slice(16, 20)}-${replayId.slice(20)}`;
    const byUrl = await tool("get_replay_details", { replayUrl: `${server.url}/organizations/${org}/replays/${dashed}/` });
    expect(byUrl).toContain(email);
    expect(byUrl).toContain("**Errors**: 1");
    const resource = await tool("get_sentry_resource", { url: `${server.url}/organizations/${org}/explore/replays/${replayId}/` });
    expect(resource).toContain(`# Replay ${replayId}`);
    const found = await tool("search_events", { organizationSlug: org, dataset: "replays", query: `user.email:${email}` });
    expect(found).toContain(replayId);
  }, 120_000);

  it("manages teams, projects and DSNs through the project-management tools", async () => {
    expect(await tool("create_team", { organizationSlug: org, name: "Growth" })).toContain("growth");
    const created = await tool("create_project", { organizationSlug: org, teamSlug: "growth", name: "Growth site", platform: "javascript" });
    expect(created).toContain("growth-site");
    const project = await database.db.selectFrom("projects").select("id").where("slug", "=", "growth-site").executeTakeFirstOrThrow();
    const owners = await database.db.selectFrom("team_projects").innerJoin("teams", "teams.id", "team_projects.team_id").select("teams.slug").where("team_projects.project_id", "=", project.id).execute();
    expect(owners.map((row) => row.slug)).toEqual(["growth"]);
    expect(await tool("update_project", { organizationSlug: org, projectSlug: "growth-site", name: "Growth website" })).toContain("Growth website");
    const updated = await tool("update_dsn", { organizationSlug: org, projectSlug: shop.project.slug, keyId: shop.key.public_key, name: "Checkout key", rateLimitWindow: 60, rateLimitCount: 500 });
    expect(updated).toContain("Checkout key");
    const key = (await (await api(`/projects/${org}/${shop.project.slug}/keys/${shop.key.public_key}/`)).json()) as { name: string; rateLimit: { window: number; count: number } | null };
    expect(key).toMatchObject({ name: "Checkout key", rateLimit: { window: 60, count: 500 } });
  }, 120_000);
});
