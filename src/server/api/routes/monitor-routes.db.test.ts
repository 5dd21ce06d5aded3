import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestUser } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import type { Permission } from "../../access/viewer";
import { insertProject } from "../../projects/insert-project";
import { createApiToken } from "../../tokens/api-tokens";
import { tokenIssuerOf } from "../../tokens/org-auth-token";
import { createMonitorRoute, deleteMonitorRoute, listMonitorsRoute, monitorCheckInsRoute, monitorRoute, monitorStatsRoute, updateMonitorRoute } from "./monitor-routes";

/** The monitors API in Sentry's shapes (telemetry-protocol.md §3.4), through the real route handlers with real tokens. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteHandler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

const org = "lantern";

describe(`the monitors API on ${testDialect}`, () => {
  let database: TestDatabase;
  const config = createTestConfig();
  const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<unknown> };
  let previousDatabase: Promise<unknown> | undefined;
  const tokens = { admin: "", adminRead: "", member: "", otherTeam: "" };
  let shop = "";
  let shopId = 0;

  async function call(route: RouteHandler, token: string | null, path: string, params: Record<string, string>, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const request = new Request(`http://lantern.test${path}`, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    return route(request, { params: Promise.resolve(params) });
  }
  const monitors = { path: `/api/0/organizations/${org}/monitors/`, params: { organizationSlug: org } };
  const projectMonitor = (slug: string, suffix = "") => ({ path: `/api/0/projects/${org}/${shop}/monitors/${slug}/${suffix}`, params: { organizationSlug: org, projectSlug: shop, monitorSlug: slug } });
  const orgMonitor = (slug: string, suffix = "") => ({ path: `/api/0/organizations/${org}/monitors/${slug}/${suffix}`, params: { organizationSlug: org, monitorSlug: slug } });
  const create = (body: unknown, token = tokens.member) => call(createMonitorRoute, token, monitors.path, monitors.params, { method: "POST", body });

  beforeAll(async () => {
    database = await createTestDatabase();
    previousDatabase = holder.lanternDatabase;
    holder.lanternDatabase = Promise.resolve(database);
    const auth = createTestAuth(database, config);
    const admin = await createTestUser(database, auth, "admin");
    const member = await createTestUser(database, auth, "member");
    const otherTeamMember = await createTestUser(database, auth, "member");
    const now = Date.now();
    const shopProject = (await insertProject(database.db, { name: "cron api shop", platform: "node" })).project;
    shop = shopProject.slug;
    shopId = shopProject.id;
    const blog = (await insertProject(database.db, { name: "cron api blog", platform: "node" })).project;
    const teamA = await database.db.insertInto("teams").values({ slug: "crons-a", name: "A", created_at: now }).returning("id").executeTakeFirstOrThrow();
    const teamB = await database.db.insertInto("teams").values({ slug: "crons-b", name: "B", created_at: now }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values([{ team_id: teamA.id, user_id: member.userId }, { team_id: teamB.id, user_id: otherTeamMember.userId }]).execute();
    await database.db.insertInto("team_projects").values([{ team_id: teamA.id, project_id: shopId }, { team_id: teamB.id, project_id: blog.id }]).execute();
    const token = async (userId: string, scopes: Permission[]) => (await createApiToken(database.db, { userId, name: "crons", scopes, issuer: tokenIssuerOf(config) })).token;
    tokens.admin = await token(admin.userId, ["read", "write", "admin"]);
    tokens.adminRead = await token(admin.userId, ["read"]);
    tokens.member = await token(member.userId, ["read", "write"]);
    tokens.otherTeam = await token(otherTeamMember.userId, ["read", "write"]);
  });

  afterAll(async () => {
    holder.lanternDatabase = previousDatabase;
    await database?.destroy();
  });

  it("creates a monitor from Sentry's body (201) and answers it in Sentry's shape, by project and organization paths", async () => {
    const created = await create({ project: shop, name: "Nightly Job", slug: "nightly-job", type: "cron_job", config: { schedule_type: "crontab", schedule: "0 2 * * *", checkin_margin: 5, max_runtime: 60, timezone: "America/New_York", failure_issue_threshold: 2, recovery_threshold: 3 } });
    expect(created.status).toBe(201);
    const body = (await created.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      slug: "nightly-job",
      name: "Nightly Job",
      status: "active",
      isMuted: false,
      type: "cron_job",
      project: { slug: shop, id: String(shopId) },
      config: { schedule_type: "crontab", schedule: "0 2 * * *", checkin_margin: 5, max_runtime: 60, timezone: "America/New_York", failure_issue_threshold: 2, recovery_threshold: 3, alert_rule_id: null },
      environments: [],
    });
    expect(typeof body.id).toBe("string");
    const byProject = await call(monitorRoute, tokens.adminRead, projectMonitor("nightly-job").path, projectMonitor("nightly-job").params);
    expect(byProject.status).toBe(200);
    expect(await byProject.json()).toEqual(body);
    const byId = await call(monitorRoute, tokens.member, orgMonitor(body.id as string).path, orgMonitor(body.id as string).params);
    expect(await byId.json()).toEqual(body);

    const interval = await create({ project: shop, name: "Every ten", config: { schedule: [10, "minute"] } });
    expect(interval.status).toBe(201);
    expect(((await interval.json()) as { config: unknown }).config).toMatchObject({ schedule_type: "interval", schedule: [10, "minute"], checkin_margin: null, max_runtime: null, timezone: "UTC" });
  });

  it("refuses a bad schedule with a 400 naming Sentry's field, and a missing project", async () => {
    const bad = await create({ project: shop, name: "Bad", config: { schedule_type: "crontab", schedule: "every day" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/^config\.schedule:/);
    const badZone = await create({ project: shop, name: "Bad zone", config: { schedule: "@daily", timezone: "Nowhere/Town" } });
    expect(((await badZone.json()) as { detail: string }).detail).toMatch(/^config\.timezone:/);
    const badInterval = await create({ project: shop, name: "Bad interval", config: { schedule_type: "interval", schedule: "5 minutes" } });
    expect(badInterval.status).toBe(400);
    const badMargin = await create({ project: shop, name: "Bad margin", config: { schedule: "@daily", checkin_margin: 0 } });
    expect(((await badMargin.json()) as { detail: string }).detail).toBe("config.checkin_margin: must be at least 1");
    const noProject = await create({ name: "Nowhere", config: { schedule: "@daily" } });
    expect(noProject.status).toBe(400);
    expect(((await noProject.json()) as { detail: string }).detail).toMatch(/^project:/);
  });

  it("PUT changes only the named fields; a read-only token gets 403 and another team's member 404, on writes and reads", async () => {
    const { path, params } = projectMonitor("nightly-job");
    const changed = await call(updateMonitorRoute, tokens.member, path, params, { method: "PUT", body: { name: "Nightly job (renamed)", config: { schedule: "30 3 * * *" } } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ name: "Nightly job (renamed)", slug: "nightly-job", config: { schedule_type: "crontab", schedule: "30 3 * * *", checkin_margin: 5, timezone: "America/New_York", max_runtime: 60 } });
    const muted = await call(updateMonitorRoute, tokens.member, orgMonitor("nightly-job").path, orgMonitor("nightly-job").params, { method: "PUT", body: { isMuted: true, status: "disabled" } });
    expect(await muted.json()).toMatchObject({ isMuted: true, status: "disabled" });

    expect((await call(updateMonitorRoute, tokens.adminRead, path, params, { method: "PUT", body: { name: "x" } })).status).toBe(403);
    expect((await call(deleteMonitorRoute, tokens.adminRead, path, params, { method: "DELETE" })).status).toBe(403);
    expect((await create({ project: shop, name: "Read only" }, tokens.adminRead)).status).toBe(403);
    expect((await call(monitorRoute, tokens.otherTeam, path, params)).status).toBe(404);
    expect((await call(monitorRoute, tokens.otherTeam, orgMonitor("nightly-job").path, orgMonitor("nightly-job").params)).status).toBe(404);
    expect((await call(deleteMonitorRoute, tokens.otherTeam, orgMonitor("nightly-job").path, orgMonitor("nightly-job").params, { method: "DELETE" })).status).toBe(404);
    expect((await create({ project: shop, name: "Other team", config: { schedule: "@daily" } }, tokens.otherTeam)).status).toBe(404);
    const otherList = (await (await call(listMonitorsRoute, tokens.otherTeam, monitors.path, monitors.params)).json()) as unknown[];
    expect(otherList).toEqual([]);
    expect((await call(monitorRoute, null, path, params)).status).toBe(401);
  });

  it("lists monitors with a Link header and pages them; check-ins in Sentry's shape with dashed ids, paged; stats every bucket", async () => {
    const first = await call(listMonitorsRoute, tokens.member, `${monitors.path}?per_page=1`, monitors.params);
    const firstPage = (await first.json()) as { slug: string }[];
    expect(firstPage.map((monitor) => monitor.slug)).toEqual(["nightly-job"]);
    const link = first.headers.get("link")!;
    expect(link).toMatch(/rel="next"; results="true"/);
    const nextCursor = /rel="next"; results="true"; cursor="([^"]+)"/.exec(link)![1]!;
    const second = (await (await call(listMonitorsRoute, tokens.member, `${monitors.path}?per_page=1&cursor=${nextCursor}`, monitors.params)).json()) as { slug: string }[];
    expect(second.map((monitor) => monitor.slug)).toEqual(["every-ten"]);

    const monitor = await database.db.selectFrom("monitors").select("id").where("slug", "=", "every-ten").executeTakeFirstOrThrow();
    const now = Date.now();
    const environment = await database.db
      .insertInto("monitor_environments")
      .values({ monitor_id: monitor.id, project_id: shopId, environment: "production", status: "ok", last_checkin_at: now - 60_000, next_checkin_at: now + 540_000, next_checkin_latest: now + 600_000, incident_started_at: null, created_at: now - 3_600_000 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const checkInIds = ["0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210", "00000000000000000000000000000003"];
    await database.db
      .insertInto("monitor_checkins")
      .values(checkInIds.map((id, index) => ({ monitor_id: monitor.id, monitor_environment_id: environment.id, project_id: shopId, check_in_id: id, status: index === 1 ? "error" : "ok", duration_ms: 1_000 * (index + 1), date_added: now - (3 - index) * 600_000, date_updated: now - (3 - index) * 600_000, expected_time: now - (3 - index) * 600_000 })))
      .execute();

    const got = (await (await call(monitorRoute, tokens.member, projectMonitor("every-ten").path, projectMonitor("every-ten").params)).json()) as { environments: Record<string, unknown>[] };
    expect(got.environments).toEqual([{ name: "production", status: "ok", isMuted: false, dateCreated: new Date(now - 3_600_000).toISOString(), lastCheckIn: new Date(now - 60_000).toISOString(), nextCheckIn: new Date(now + 540_000).toISOString(), nextCheckInLatest: new Date(now + 600_000).toISOString(), activeIncident: null }]);

    const { path, params } = projectMonitor("every-ten", "checkins/");
    const page = await call(monitorCheckInsRoute, tokens.member, `${path}?per_page=2`, params);
    const checkIns = (await page.json()) as Record<string, unknown>[];
    expect(checkIns.map((checkIn) => checkIn.id)).toEqual(["00000000-0000-0000-0000-000000000003", "fedcba98-7654-3210-fedc-ba9876543210"]);
    expect(checkIns[1]).toMatchObject({ environment: "production", status: "error", duration: 2_000, dateAdded: new Date(now - 1_200_000).toISOString(), expectedTime: new Date(now - 1_200_000).toISOString(), groups: [], monitorConfig: { schedule: [10, "minute"] } });
    const cursor = /rel="next"; results="true"; cursor="([^"]+)"/.exec(page.headers.get("link")!)![1]!;
    const rest = (await (await call(monitorCheckInsRoute, tokens.member, `${path}?per_page=2&cursor=${cursor}`, params)).json()) as { id: string }[];
    expect(rest.map((checkIn) => checkIn.id)).toEqual(["01234567-89ab-cdef-0123-456789abcdef"]);
    const staging = (await (await call(monitorCheckInsRoute, tokens.member, `${path}?environment=staging`, params)).json()) as unknown[];
    expect(staging).toEqual([]);

    const hour = 3_600_000;
    const until = Math.ceil(now / hour) * hour;
    const statsPath = projectMonitor("every-ten", "stats/");
    const stats = (await (await call(monitorStatsRoute, tokens.member, `${statsPath.path}?since=${(until - 3 * hour) / 1000}&until=${until / 1000}&resolution=3600s`, statsPath.params)).json()) as { ts: number; ok: number; error: number }[];
    expect(stats.map((bucket) => bucket.ts)).toEqual([until - 3 * hour, until - 2 * hour, until - hour].map((ms) => ms / 1000));
    expect(stats.reduce((sum, bucket) => sum + bucket.ok, 0)).toBe(2);
    expect(stats.reduce((sum, bucket) => sum + bucket.error, 0)).toBe(1);
    expect(Object.keys(stats[0]!).sort()).toEqual(["duration", "error", "in_progress", "missed", "ok", "timeout", "ts"]);
    expect((await call(monitorStatsRoute, tokens.member, `${statsPath.path}?resolution=soon`, statsPath.params)).status).toBe(400);
  });

  it("DELETE answers 202 and the monitor is gone", async () => {
    const { path, params } = orgMonitor("every-ten");
    const deleted = await call(deleteMonitorRoute, tokens.member, path, params, { method: "DELETE" });
    expect(deleted.status).toBe(202);
    expect((await call(monitorRoute, tokens.member, path, params)).status).toBe(404);
    expect(await database.db.selectFrom("monitor_checkins").select("id").where("project_id", "=", shopId).execute()).toEqual([]);
  });
});
