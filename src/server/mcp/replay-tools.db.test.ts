import { randomUUID } from "node:crypto";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayEnvelope } from "../../../tests/support/replay-recording";
import { createTestIngestService } from "../../../tests/support/test-ingest-service";
import { testDialect } from "../../../tests/support/test-database";
import { createTwoTeamProjects, type TwoTeamProjects } from "../../../tests/support/two-team-projects";
import { digestBatch } from "../digest/digest-batch";
import { ingestEnvelope } from "../ingest/ingest-envelope";
import { createMcpServer } from "./create-mcp-server";

/** get_replay_details (and replays in get_sentry_resource) on Lantern's own MCP server, over a replay sent as the Replay SDK sends it. */
describe(`get_replay_details on Lantern's MCP server on ${testDialect}`, () => {
  let setup: TwoTeamProjects;
  const clients: Client[] = [];
  const replayId = randomUUID().replaceAll("-", "");
  const startedAt = Date.now() - 120_000;
  const org = "lantern";

  async function connect(userContext: Awaited<ReturnType<TwoTeamProjects["contextOf"]>>): Promise<Client> {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await createMcpServer(userContext).connect(serverTransport);
    const client = new Client({ name: "lantern-test", version: "1.0.0" });
    await client.connect(clientTransport);
    clients.push(client);
    return client;
  }

  const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");

  beforeAll(async () => {
    setup = await createTwoTeamProjects("mcp replays");
    const service = await createTestIngestService(setup.database);
    const shop = await setup.database.db.selectFrom("project_keys").select("public_key").where("project_id", "=", setup.shopId).executeTakeFirstOrThrow();
    const dsn = `http://${shop.public_key}@127.0.0.1/${setup.shopId}`;
    const at = (offset: number) => startedAt + offset;
    const segments = [
      [
        { type: 4, timestamp: at(0), data: { href: "https://shop.example.com/cart", width: 1280, height: 800 } },
        { type: 2, timestamp: at(1), data: { node: { type: 0, id: 1, childNodes: [] }, initialOffset: { top: 0, left: 0 } } },
        { type: 5, timestamp: at(2_000), data: { tag: "breadcrumb", payload: { timestamp: at(2_000) / 1000, type: "default", category: "ui.click", message: "body > main > button#checkout" } } },
      ],
      [
        { type: 5, timestamp: at(6_000), data: { tag: "breadcrumb", payload: { timestamp: at(6_000) / 1000, type: "default", category: "navigation", data: { from: "/cart", to: "https://shop.example.com/pay" } } } },
        { type: 5, timestamp: at(7_000), data: { tag: "performanceSpan", payload: { op: "resource.fetch", description: "https://shop.example.com/api/charge", startTimestamp: at(7_000) / 1000, endTimestamp: at(7_300) / 1000, data: { method: "POST", statusCode: 502 } } } },
        { type: 5, timestamp: at(7_400), data: { tag: "breadcrumb", payload: { timestamp: at(7_400) / 1000, type: "default", category: "console", level: "error", message: "Payment failed: 502" } } },
      ],
    ];
    for (const [segmentId, events] of segments.entries()) {
      const { body } = replayEnvelope({ dsn, replayId, segmentId, startedAt, events, replayEvent: { user: { id: "u-9", email: "carol@shop.test" }, urls: segmentId === 0 ? ["https://shop.example.com/cart"] : ["https://shop.example.com/pay"] } });
      await ingestEnvelope(service, { url: new URL(`http://127.0.0.1/api/${setup.shopId}/envelope/?sentry_key=${shop.public_key}`), headers: new Headers(), body, pathProjectId: String(setup.shopId) });
    }
    while ((await digestBatch(setup.database)) > 0);
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    await setup?.database.destroy();
  });

  it("summarizes the replay by id and by URL: who, pages, and what happened when", async () => {
    const client = await connect(await setup.contextOf(setup.member));
    const byId = (await client.callTool({ name: "get_replay_details", arguments: { organizationSlug: org, replayId } })) as CallToolResult;
    const text = textOf(byId);
    expect(byId.isError, text).toBeFalsy();
    expect(text).toContain(`# Replay \`${replayId}\``);
    expect(text).toContain("carol@shop.test");
    expect(text).toContain("Pages visited: 2; clicks: 1; console errors: 1; failed requests: 1");
    expect(text).toMatch(/\| 2s \| click \| `body > main > button#checkout` \|/);
    expect(text).toMatch(/\| 7s \| request failed \| `POST https:\/\/shop\.example\.com\/api\/charge → 502` \|/);
    expect(text).toContain("Payment failed: 502");
    const dashed = `${replayId.slice(0, 8)}-${replayId.slice(8, 12)}-${replayId.slice(12, 16)}-${replayId.slice(16, 20)}-${replayId.slice(20)}`;
    const byUrl = (await client.callTool({ name: "get_replay_details", arguments: { replayUrl: `https://sentry.example.com/organizations/${org}/explore/replays/${dashed}/` } })) as CallToolResult;
    expect(byUrl.isError, textOf(byUrl)).toBeFalsy();
    expect(textOf(byUrl)).toContain("carol@shop.test");
    const resource = (await client.callTool({ name: "get_sentry_resource", arguments: { url: `http://lantern.test/replays/${replayId}` } })) as CallToolResult;
    expect(textOf(resource)).toContain(`# Replay \`${replayId}\``);
    const typed = (await client.callTool({ name: "get_sentry_resource", arguments: { resourceType: "replay", resourceId: replayId } })) as CallToolResult;
    expect(typed.isError, textOf(typed)).toBeFalsy();
  });

  it("answers another team's member as if the replay did not exist", async () => {
    const client = await connect(await setup.contextOf(setup.outsider));
    const refused = (await client.callTool({ name: "get_replay_details", arguments: { organizationSlug: org, replayId } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).not.toContain("carol@shop.test");
  });
});
