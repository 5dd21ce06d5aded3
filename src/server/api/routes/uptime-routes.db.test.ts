import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestUser } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import { writeTransaction } from "../../db/write-transaction";
import { insertProject } from "../../projects/insert-project";
import { createApiToken } from "../../tokens/api-tokens";
import { tokenIssuerOf } from "../../tokens/org-auth-token";
import { recordUptimeCheck } from "../../uptime/record-uptime-check";
import { createUptimeRoute, deleteUptimeRoute, organizationUptimeRoute, updateUptimeRoute, uptimeChecksRoute, uptimeRoute } from "./uptime-routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteHandler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

const org = "lantern";
/** A public address: saved without LANTERN_WEBHOOK_ALLOW_PRIVATE; the monitors here are never checked over the network. */
const publicUrl = "https://93.184.215.14/health";

/** The uptime API in Sentry's shapes (telemetry-protocol.md §3.5), through the route handlers with a token. */
describe(`the uptime monitors API on ${testDialect}`, () => {
  let database: TestDatabase;
  const config = createTestConfig();
  const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<unknown> };
  let previousDatabase: Promise<unknown> | undefined;
  let token = "";
  let shop = { id: 0, slug: "" };

  async function call(route: RouteHandler, path: string, params: Record<string, string>, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const request = new Request(`http://lantern.test${path}`, { method: init.method ?? "GET", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    return route(request, { params: Promise.resolve(params) });
  }
  const projectParams = () => ({ organizationSlug: org, projectSlug: shop.slug });
  const monitorParams = (id: string) => ({ ...projectParams(), uptimeId: id });

  beforeAll(async () => {
    database = await createTestDatabase();
    previousDatabase = holder.lanternDatabase;
    // The route handlers read the process's database, as under `lantern start`: here, this test's.
    holder.lanternDatabase = Promise.resolve(database);
    const owner = await createTestUser(database, createTestAuth(database, config), "owner");
    token = (await createApiToken(database.db, { userId: owner.userId, name: "uptime", scopes: ["read", "write"], issuer: tokenIssuerOf(config) })).token;
    const { project } = await insertProject(database.db, { name: "uptime shop", platform: "node" });
    shop = { id: project.id, slug: project.slug };
  });

  afterAll(async () => {
    holder.lanternDatabase = previousDatabase;
    await database?.destroy();
  });

  it("creates (201), reads, changes, lists and deletes a monitor with the fields Terraform and the MCP server use", async () => {
    const created = await call(createUptimeRoute, `/api/0/projects/${org}/${shop.slug}/uptime/`, projectParams(), {
      method: "POST",
      body: { name: "Shop health", url: publicUrl, intervalSeconds: 300, timeoutMs: 5000, method: "HEAD", headers: [["Accept", "text/plain"]], environment: "production", status: "disabled", owner: "user:1", traceSampling: false },
    });
    expect(created.status).toBe(201);
    const monitor = (await created.json()) as Record<string, unknown>;
    expect(monitor).toMatchObject({ projectSlug: shop.slug, name: "Shop health", url: publicUrl, method: "HEAD", headers: [["Accept", "text/plain"]], intervalSeconds: 300, timeoutMs: 5000, environment: "production", status: "disabled", uptimeStatus: 1, mode: 1, downtimeThreshold: 3, recoveryThreshold: 1 });
    expect(typeof monitor.id).toBe("string");
    const id = monitor.id as string;

    const changed = await call(updateUptimeRoute, `/api/0/projects/${org}/${shop.slug}/uptime/${id}/`, monitorParams(id), { method: "PUT", body: { name: "Shop health check", downtimeThreshold: 1 } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id, name: "Shop health check", downtimeThreshold: 1, url: publicUrl, method: "HEAD" });
    expect(await (await call(uptimeRoute, `/api/0/projects/${org}/${shop.slug}/uptime/${id}/`, monitorParams(id))).json()).toMatchObject({ id, name: "Shop health check" });

    const listed = await call(organizationUptimeRoute, `/api/0/organizations/${org}/uptime/?project=${shop.id}`, { organizationSlug: org });
    expect(listed.headers.get("link")).toContain('rel="next"; results="false"');
    expect(((await listed.json()) as { id: string }[]).map((item) => item.id)).toEqual([id]);

    expect((await call(deleteUptimeRoute, `/api/0/projects/${org}/${shop.slug}/uptime/${id}/`, monitorParams(id), { method: "DELETE" })).status).toBe(204);
    expect((await call(uptimeRoute, `/api/0/projects/${org}/${shop.slug}/uptime/${id}/`, monitorParams(id))).status).toBe(404);
  });

  it("answers 400 with the reason for a private target, a bad interval or a missing URL", async () => {
    const post = (body: unknown) => call(createUptimeRoute, `/api/0/projects/${org}/${shop.slug}/uptime/`, projectParams(), { method: "POST", body });
    const refusals = [
      [{ url: "http://169.254.169.254/latest/meta-data/", intervalSeconds: 60, timeoutMs: 1000 }, /link-local address .* unless LANTERN_WEBHOOK_ALLOW_PRIVATE=true/],
      [{ url: publicUrl, intervalSeconds: 90, timeoutMs: 1000 }, /intervalSeconds: one of 60, 300, 600, 1200, 1800, 3600/],
      [{ intervalSeconds: 60, timeoutMs: 1000 }, /^url: /],
      [{ url: publicUrl, intervalSeconds: 60, timeoutMs: 1000, body: "x".repeat(1000) }, /at most 1000 bytes/],
    ] as const;
    for (const [body, reason] of refusals) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { detail: string }).detail).toMatch(reason);
    }
  });

  it("lists checks newest first in Sentry's check shape, a failure inside a downtime episode as failure_incident", async () => {
    const created = (await (await call(createUptimeRoute, `/api/0/projects/${org}/${shop.slug}/uptime/`, projectParams(), { method: "POST", body: { url: publicUrl, intervalSeconds: 60, timeoutMs: 1000, downtimeThreshold: 2, status: "disabled" } })).json()) as { id: string };
    const monitorId = Number(created.id);
    const start = Date.now() - 10 * 60_000;
    const outcomes = [
      { status: "failure", reason: "status", httpStatus: 502, durationMs: 40 },
      { status: "failure", reason: "timeout", httpStatus: null, durationMs: 1000 },
      { status: "success", reason: null, httpStatus: 200, durationMs: 35 },
    ] as const;
    for (const [index, outcome] of outcomes.entries()) {
      await writeTransaction(database, (trx) => recordUptimeCheck(trx, database.dialect, monitorId, start + index * 60_000, start + index * 60_000 + 50, outcome));
    }
    const answer = await call(uptimeChecksRoute, `/api/0/projects/${org}/${shop.slug}/uptime/${created.id}/checks/`, monitorParams(created.id));
    expect(answer.status).toBe(200);
    const checks = (await answer.json()) as Record<string, unknown>[];
    expect(checks.map((check) => [check.checkStatus, check.checkStatusReason, check.httpStatusCode, check.durationMs])).toEqual([
      ["success", null, 200, 35],
      ["failure_incident", "timeout", null, 1000],
      ["failure_incident", "status", 502, 40],
    ]);
    expect(checks[0]).toMatchObject({ scheduledCheckTime: new Date(start + 120_000).toISOString(), timestamp: new Date(start + 120_050).toISOString(), uptimeCheckId: expect.any(String) });
    const old = await call(uptimeChecksRoute, `/api/0/projects/${org}/${shop.slug}/uptime/${created.id}/checks/?statsPeriod=5m`, monitorParams(created.id));
    expect(((await old.json()) as unknown[]).length).toBe(0);
  });
});
