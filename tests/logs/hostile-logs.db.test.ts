import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AccessContext } from "@/server/access/authorize";
import { systemContext } from "@/server/access/system-context";
import { emptyLogSearch, parseLogQuery } from "@/server/logs/parse-log-search";
import { maxBodyLength } from "@/server/logs/read-logs";
import { searchLogs } from "@/server/logs/search-logs";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { buildEnvelope, postToIngest, uniqueToken } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestConfig } from "../support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/**
 * Issue 29, acceptance 5 at the storage level: hostile log lines — 10,000 attributes, a 1 MB body, severities no
 * range names, script in the body and in attribute names — are clamped (and the digest error says what was
 * clamped and why) or refused with a reason; what is stored is text, exactly as sent up to its caps.
 */
describe(`hostile log lines on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  let context: AccessContext;
  let token: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    context = systemContext(database, createTestConfig());
    token = uniqueToken();
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  const traceId = "5b8efff798038103d269b633813fc60c";
  const line = (body: unknown, extra: Record<string, unknown> = {}) => ({ timestamp: Date.now() / 1000, trace_id: traceId, level: "info", body, ...extra });
  const logItem = (items: unknown[], itemCount: number = items.length) => ({ header: { type: "log", item_count: itemCount, content_type: "application/vnd.sentry.items.log+json" }, payload: JSON.stringify({ items }) });

  async function send(items: { header: Record<string, unknown>; payload: string }[]) {
    const response = await postToIngest(server, shop.project.id, buildEnvelope({}, items), { key: shop.key.public_key });
    await server.service.digest.drain();
    const intake = await database.db.selectFrom("intake").select("digest_error").orderBy("id", "desc").executeTakeFirst();
    return { response, digestError: intake?.digest_error ?? null };
  }
  const found = async (query: string) => (await searchLogs(context, { ...emptyLogSearch(), conditions: parseLogQuery(query) }, { withAttributes: true })).rows;

  it("keeps 200 of 10,000 attributes, counts the rest and says so", async () => {
    const attributes = Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`flood.${index}`, { type: "integer", value: index }]));
    const { response, digestError } = await send([logItem([line(`attribute flood ${token}`, { attributes })])]);
    expect(response.status).toBe(200);
    expect(digestError).toMatch(/log 1: 9800 attributes beyond 200 dropped/);
    const [row] = await found(token);
    expect(Object.keys(row!.attributes!)).toHaveLength(201);
    expect(row!.attributes!["lantern.dropped_attributes_count"]).toEqual({ type: "integer", value: 9800 });
    expect(await found("flood.199:199")).toHaveLength(1);
    expect(await found("flood.200:200")).toHaveLength(0);
  });

  it("cuts a 1 MB body to 8 KiB, drops a line over Relay's 2 MiB and one without a trace id, with reasons", async () => {
    const huge = `${token} ${"x".repeat(1024 * 1024)}`;
    const { digestError } = await send([logItem([line(huge), line(`${token} ${"y".repeat(3 * 1024 * 1024)}`), line(`no trace ${token}`, { trace_id: "nope" }), line(`kept ${token}`)])]);
    expect(digestError).toMatch(/log 1: body of 1048\d{3} characters cut to 8192/);
    expect(digestError).toMatch(/log 2: larger than 2097152 bytes \(dropped\)/);
    expect(digestError).toMatch(/log 3: trace_id is not 32 hex digits \(dropped\)/);
    const rows = await found(token);
    expect(rows.map((row) => row.message.length).sort((a, b) => a - b)).toEqual([`kept ${token}`.length, maxBodyLength]);
  });

  it("clamps severity numbers outside 1–24, keeps an unknown level as text with info's number", async () => {
    const { digestError } = await send([logItem([line(`too high ${token}`, { severity_number: 99 }), line(`negative ${token}`, { severity_number: -5, level: "error" }), line(`unknown level ${token}`, { level: "<b>loud</b>" }), line(`no number ${token}`, { level: "warning", severity_number: "high" })])]);
    expect(digestError).toMatch(/severity_number 99 clamped to 24/);
    expect(digestError).toMatch(/severity_number -5 clamped to 1/);
    const rows = await found(token);
    const byMessage = Object.fromEntries(rows.map((row) => [row.message.split(" ")[0], [row.severity, row.severityNumber, row.levelText]]));
    expect(byMessage).toEqual({ too: ["fatal", 24, null], negative: ["trace", 1, null], unknown: ["info", 9, "<b>loud</b>"], no: ["warn", 13, "warning"] });
  });

  it("stores script in the body and in attribute names as plain text, found as text", async () => {
    const script = `<img src=x onerror=alert(1)> ${token} </script><script>alert('x')</script>`;
    await send([logItem([line(script, { attributes: { "<script>alert(1)</script>": { type: "string", value: "\"><svg onload=alert(2)>" }, ["k".repeat(129)]: { type: "string", value: "long key" } } })])]);
    const [row] = await found(token);
    expect(row!.message).toBe(script);
    expect(row!.attributes).toMatchObject({ "<script>alert(1)</script>": { type: "string", value: "\"><svg onload=alert(2)>" }, "lantern.dropped_attributes_count": { type: "integer", value: 1 } });
    expect(await found(`onerror ${token}`)).toHaveLength(1);
  });

  it("refuses a container whose item_count disagrees, and one over 12 MiB at ingest (413)", async () => {
    const { response, digestError } = await send([logItem([line(`counted ${token}`)], 5)]);
    expect(response.status).toBe(200);
    expect(digestError).toMatch(/item_count 5 does not match the 1 logs in the container/);
    expect(await found(token)).toEqual([]);
    const oversized = await postToIngest(server, shop.project.id, buildEnvelope({}, [logItem(Array.from({ length: 13 }, () => line("z".repeat(1024 * 1024))))]), { key: shop.key.public_key });
    expect(oversized.status).toBe(413);
    expect(await oversized.text()).toMatch(/log container holds at most 12582912/);
  });
});
