import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFixtureEvent } from "../../../tests/support/send-fixture-event";
import { testDialect } from "../../../tests/support/test-database";
import { createTwoTeamProjects, type TwoTeamProjects } from "../../../tests/support/two-team-projects";
import type { AccessContext } from "../access/authorize";
import { createMonitor } from "../monitors/create-monitor";
import { createUptimeMonitor } from "../uptime/create-uptime-monitor";
import { createMcpServer } from "./create-mcp-server";

/** Every tool of the built-in server, called through the MCP SDK's client on seeded data, answers without error and with the seeded values. */
describe(`every tool of Lantern's MCP server answers on ${testDialect}`, () => {
  let setup: TwoTeamProjects;
  let client: Client;
  let context: AccessContext;
  const seeded = { issueId: 0, eventId: "", shortId: "", shop: "", traceId: "4bf92f3577b34da6a3ce929d0e0e4736", release: "shop@4.2.0", digest: "3141592653" };
  const org = "lantern";

  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
    expect(result.isError, `${name}: ${text}`).toBeFalsy();
    return text;
  };

  beforeAll(async () => {
    setup = await createTwoTeamProjects("tools");
    context = await setup.contextOf(setup.member);
    seeded.shop = (await setup.database.db.selectFrom("projects").select("slug").where("id", "=", setup.shopId).executeTakeFirstOrThrow()).slug;
    const sent = await sendFixtureEvent(setup.database, setup.shopId, (event) => {
      event.timestamp = Date.now() / 1000;
      event.release = seeded.release;
      event.environment = "production";
      event.tags = { ...(event.tags as object), digest: seeded.digest, checkout_step: "payment" };
      event.contexts = { ...(event.contexts as object), trace: { trace_id: seeded.traceId, span_id: "00f067aa0ba902b7" } };
    });
    seeded.issueId = sent.issueId;
    seeded.eventId = sent.eventId;
    seeded.shortId = `${seeded.shop.toUpperCase()}-${sent.issueId}`;
    await createMonitor(context, { projectSlug: seeded.shop, changes: { name: "Nightly Invoices", scheduleType: "crontab", crontab: "0 3 * * *", timezone: "UTC", checkinMargin: "5", maxRuntime: "" } });
    await createUptimeMonitor(context, { projectSlug: seeded.shop, monitor: { name: "Shop health", url: "https://93.184.215.14/health", intervalSeconds: 300, timeoutMs: 5000 } });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await createMcpServer(context).connect(serverTransport);
    client = new Client({ name: "lantern-test", version: "1.0.0" });
    await client.connect(clientTransport);
  });

  afterAll(async () => {
    await client?.close();
    await setup?.database.destroy();
  });

  it("finds the organization, projects and DSNs, and says who is asking", async () => {
    expect(await call("whoami", {})).toContain(setup.member.email);
    expect(await call("find_organizations", {})).toContain(`**${org}**`);
    expect(await call("find_projects", { organizationSlug: org })).toContain(seeded.shop);
    expect(await call("find_teams", { organizationSlug: org })).toContain(setup.shopTeam.slug);
    expect(await call("find_dsns", { organizationSlug: org, projectSlug: seeded.shop })).toMatch(/http:\/\/\w+@/);
  });

  it("shows an issue whole, by short id and by its event id alone, with its events, tags, activity, hints and grouping", async () => {
    const details = await call("get_issue_details", { organizationSlug: org, issueId: seeded.shortId });
    expect(details).toContain("Checkout failed");
    expect(details).toContain(seeded.traceId);
    expect(await call("get_issue_details", { organizationSlug: org, eventId: seeded.eventId })).toContain(seeded.eventId);
    expect(await call("search_issue_events", { organizationSlug: org, issueId: seeded.shortId })).toContain(seeded.eventId);
    expect(await call("get_issue_tag_values", { organizationSlug: org, issueId: seeded.shortId, tagKey: "checkout_step" })).toContain("payment");
    await call("add_issue_note", { organizationSlug: org, issueId: seeded.shortId, text: "looking into the payment provider" });
    expect(await call("get_issue_activity", { organizationSlug: org, issueId: seeded.shortId })).toContain("looking into the payment provider");
    expect(await call("get_issue_hints", { organizationSlug: org, issueId: seeded.shortId })).toContain("What stands out");
    expect(await call("explain_grouping", { organizationSlug: org, issueId: seeded.shortId })).toMatch(/joined the issue through hash `[0-9a-f]{32}`/);
    expect(await call("get_frame_diagnosis", { organizationSlug: org, issueId: seeded.shortId, eventId: seeded.eventId })).toContain(seeded.eventId);
    expect(await call("get_issue_user_reports", { organizationSlug: org, issueId: seeded.shortId })).toContain("No user wrote");
  });

  it("searches error events, one by one and counted by issue, and refuses what it cannot search with the reason", async () => {
    const events = await call("search_events", { organizationSlug: org, dataset: "errors", query: "level:error", period: "24h" });
    expect(events).toContain("Checkout failed");
    expect(events).toContain(seeded.shop);
    const counted = await call("search_events", { organizationSlug: org, dataset: "errors", fields: ["issue", "count()"], sort: "-count()" });
    expect(counted).toMatch(new RegExp(`\\| \`${seeded.shortId}\` \\| 1 \\|`));
    // Grouped by a column (issue: counted in SQL) and by a payload field (error.type: counted event by event), the same one event.
    expect(await call("search_events", { organizationSlug: org, dataset: "errors", fields: ["error.type", "count()", "count_unique(user)"] })).toMatch(/\| `Error` \| 1 \| 0 \|/);
    expect(await call("search_events", { organizationSlug: org, dataset: "errors", fields: ["project", "level", "count()", "last_seen()"], sort: "-last_seen()" })).toMatch(new RegExp(`\\| \`${seeded.shop}\` \\| \`error\` \\| 1 \\| \`20\\d\\d-`));
    const refused = (await client.callTool({ name: "search_events", arguments: { organizationSlug: org, dataset: "errors", fields: ["no_such_field"] } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(((await client.callTool({ name: "search_events", arguments: { organizationSlug: org, dataset: "profiles" } })) as CallToolResult).isError).toBe(true);
  });

  it("finds the event behind a Next.js digest, the trace, the release, and the monitors", async () => {
    expect(await call("find_by_digest", { organizationSlug: org, digest: seeded.digest })).toContain(seeded.eventId);
    expect(await call("get_trace_details", { organizationSlug: org, traceId: seeded.traceId })).toContain(seeded.shortId.split("-").pop()!);
    expect(await call("find_releases", { organizationSlug: org })).toContain(seeded.release);
    expect(await call("get_release_details", { organizationSlug: org, releaseVersion: seeded.release })).toContain(seeded.shop);
    expect(await call("find_monitors", { organizationSlug: org })).toContain("nightly-invoices");
    expect(await call("get_monitor_details", { organizationSlug: org, monitorSlug: "nightly-invoices" })).toContain("0 3 * * *");
    const uptime = await call("find_uptime_monitors", { organizationSlug: org });
    expect(uptime).toContain("Shop health");
    const uptimeId = /\| (\d+) \| `Shop health`/.exec(uptime)![1]!;
    expect(await call("get_uptime_monitor_details", { organizationSlug: org, projectSlug: seeded.shop, uptimeMonitorId: uptimeId })).toContain("93.184.215.14");
  });

  it("fetches what a URL names: an issue, an event, a trace, a monitor", async () => {
    const base = "http://lantern.test";
    expect(await call("get_sentry_resource", { url: `${base}/projects/${seeded.shop}/issues/${seeded.issueId}` })).toContain("Checkout failed");
    expect(await call("get_sentry_resource", { url: `${base}/organizations/${org}/issues/${seeded.shortId}/events/${seeded.eventId}/` })).toContain(seeded.eventId);
    expect(await call("get_sentry_resource", { url: `${base}/traces/${seeded.traceId}` })).toContain(seeded.traceId);
    expect(await call("get_sentry_resource", { resourceType: "monitor", resourceId: "nightly-invoices" })).toContain("0 3 * * *");
    const replay = (await client.callTool({ name: "get_sentry_resource", arguments: { resourceType: "replay", resourceId: "abc" } })) as CallToolResult;
    expect(replay.isError).toBe(true);
  });

  it("resolves and reopens an issue, and assigns it", async () => {
    expect(await call("update_issue", { organizationSlug: org, issueId: seeded.shortId, status: "resolved" })).toContain("Status: resolved");
    expect(await call("update_issue", { organizationSlug: org, issueUrl: `http://lantern.test/organizations/${org}/issues/${seeded.shortId}/`, status: "unresolved", assignedTo: setup.member.email })).toMatch(/Status: unresolved[\s\S]*Assigned to: `/);
  });
});
