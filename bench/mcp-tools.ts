// How long Lantern's MCP tools take to answer on the 1,000,000-event dashboard database: each call goes
// through the real MCP server (createMcpServer, the official SDK's client over an in-memory transport: the
// JSON-RPC, argument validation, the verbs, the Markdown), without HTTP, as the CLI's system actor, one call
// at a time. Goal (issue 32): p95 < 100 ms for search_issues, get_issue_details and search_events (errors).
//   npx tsx bench/mcp-tools.ts                    (seeds 1,000,000 events into a temporary file first)
//   npx tsx bench/mcp-tools.ts /tmp/…/lantern.db  (a kept seed: bench:dashboard --keep, or --keep here)
//   options: --events 1000000 --issues 20000 --samples 100 --keep
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { systemContext } from "../src/server/access/system-context";
import { loadConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { createMcpServer } from "../src/server/mcp/create-mcp-server";
import { seedDashboard } from "./seed-dashboard";

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};
const given = process.argv[2] && !process.argv[2].startsWith("--") ? process.argv[2] : null;
const events = Number(argument("events") ?? 1_000_000);
const issueCount = Number(argument("issues") ?? 20_000);
const samples = Number(argument("samples") ?? 100);
const isKept = process.argv.includes("--keep") || given !== null;
const goalMs = 100;

const directory = given ? null : mkdtempSync(join(tmpdir(), "lantern-mcp-"));
const path = given ?? join(directory!, "lantern.db");
if (given && !existsSync(given)) throw new Error(`no database at ${given}`);
if (!given) await seedDashboard({ path, events, issues: issueCount, log: (line) => console.log(line) });

const database = createDatabase({ dialect: "sqlite", path });
try {
  await migrateToLatest(database.db);
  const config = loadConfig({ LANTERN_SELF_MONITORING: "false" });
  const context = systemContext(database, config);
  const { db } = context;
  const organizationSlug = config.auth.organizationSlug;
  const totals = await db.selectFrom("issues").select((eb) => [eb.fn.countAll<number>().as("issues"), eb.fn.sum<number>("times_seen").as("events")]).executeTakeFirstOrThrow();
  console.log(`database: ${path}: ${Number(totals.events).toLocaleString("en")} events in ${Number(totals.issues).toLocaleString("en")} issues`);

  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await createMcpServer(context).connect(serverTransport);
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(clientTransport);
  let bytes = 0;
  const call = (name: string, args: Record<string, unknown>) => async () => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
    if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${text}`);
    bytes = Math.max(bytes, Buffer.byteLength(text));
  };

  const ranked = await db.selectFrom("issues").innerJoin("projects", "projects.id", "issues.project_id").select(["issues.id", "issues.times_seen", "projects.slug"]).where("issues.status", "!=", "merged").orderBy("issues.times_seen", "desc").orderBy("issues.id").execute();
  const step = Math.max(1, Math.floor(ranked.length / samples));
  const sampled = ranked.filter((_, index) => index % step === 0).slice(0, samples);
  const shortIdOf = (issue: (typeof ranked)[number]) => `${issue.slug.toUpperCase()}-${issue.id}`;
  const eventIds = await Promise.all(sampled.slice(0, 50).map(async (issue) => (await db.selectFrom("events").select("event_id").where("issue_id", "=", issue.id).orderBy("timestamp", "desc").limit(1).executeTakeFirstOrThrow()).event_id));
  const projects = await db.selectFrom("projects").select("slug").where("is_internal", "=", 0).execute();

  const measure = async (name: string, calls: (() => Promise<unknown>)[], goal: number | null) => {
    bytes = 0;
    for (const warm of calls.slice(0, 10)) await warm();
    const times: number[] = [];
    for (const timed of calls) {
      const start = performance.now();
      await timed();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (fraction: number) => times[Math.min(times.length - 1, Math.ceil(fraction * times.length) - 1)]!;
    const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
    const verdict = goal === null ? "" : at(0.95) < goal ? "  met" : "  NOT met";
    console.log(`${name.padEnd(58)} ${String(times.length).padStart(5)} ${ms(at(0.5))} ${ms(at(0.95))} ${ms(times.at(-1)!)} ${`${(bytes / 1024).toFixed(1)} KiB`.padStart(9)}${verdict}`);
  };
  const times = <T>(count: number, make: (index: number) => T) => Array.from({ length: count }, (_, index) => make(index));

  console.log(`\n${"tool call".padEnd(58)} ${"calls".padStart(5)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"max".padStart(9)} ${"largest".padStart(9)}  goal: p95 < ${goalMs} ms`);
  const queries = ["is:unresolved", "is:unresolved level:error", "firstSeen:-24h", "lastSeen:-7d userCount:>1", "TypeError", "is:unresolved release:latest"];
  for (const query of queries) {
    await measure(`search_issues ${JSON.stringify(query)} ×20`, times(20, () => call("search_issues", { organizationSlug, query })), goalMs);
  }
  for (const sort of ["freq", "new", "user", "recommended"]) {
    await measure(`search_issues sort=${sort} ×20`, times(20, () => call("search_issues", { organizationSlug, query: "is:unresolved", sort })), goalMs);
  }
  await measure(`search_issues in each project ×10`, times(10, () => projects.map((project) => call("search_issues", { organizationSlug, projectSlugOrId: project.slug }))).flat(), goalMs);
  await measure(`search_issues by event id, ${eventIds.length} events`, eventIds.map((eventId) => call("search_issues", { organizationSlug, query: eventId })), goalMs);
  await measure(`get_issue_details, ${sampled.length} issues of every size`, sampled.map((issue) => call("get_issue_details", { organizationSlug, issueId: shortIdOf(issue) })), goalMs);
  await measure(`get_issue_details by event id, ${eventIds.length} events`, eventIds.map((eventId, index) => call("get_issue_details", { organizationSlug, issueId: String(sampled[index]!.id), eventId })), goalMs);
  await measure(`search_events errors (default fields) ×20`, times(20, () => call("search_events", { organizationSlug, dataset: "errors", query: "" })), goalMs);
  await measure(`search_events errors level:error, 24h ×20`, times(20, () => call("search_events", { organizationSlug, dataset: "errors", query: "level:error", period: "24h" })), goalMs);
  await measure(`search_events errors count() by issue ×20`, times(20, () => call("search_events", { organizationSlug, dataset: "errors", fields: ["issue", "count()"], sort: "-count()", period: "24h" })), goalMs);
  await measure(`get_issue_tag_values browser, ${sampled.length} issues`, sampled.map((issue) => call("get_issue_tag_values", { organizationSlug, issueId: String(issue.id), tagKey: "browser" })), null);
  await measure(`get_issue_hints, ${sampled.length} issues`, sampled.map((issue) => call("get_issue_hints", { organizationSlug, issueId: String(issue.id) })), null);
  await client.close();
} finally {
  await database.close();
  if (directory && !isKept) rmSync(directory, { recursive: true, force: true });
  else console.log(`kept: ${path}`);
}
