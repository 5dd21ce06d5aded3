import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dsnFor, runSdkScript, uniqueToken } from "../../../../tests/support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../../../../tests/support/start-ingest-server";
import { createTestAuth, createTestConfig, createTestUser } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import { insertProject, type CreatedProject } from "../../projects/insert-project";
import { createApiToken } from "../../tokens/api-tokens";
import { tokenIssuerOf } from "../../tokens/org-auth-token";
import { organizationSessionsRoute } from "./session-routes";

/**
 * Acceptance 2 (first half): the real @sentry/node sends sessions over three releases — healthy, errored,
 * crashed — to the production ingest server; `GET /organizations/{org}/sessions/` answers Sentry's shape with
 * the exact totals, users and crash-free rates. A crashed session is sent twice by the SDK (on the crash and
 * on endSession) and must count once.
 */
const org = "lantern";
type Group = { by: Record<string, string | number>; totals: Record<string, number | null>; series: Record<string, (number | null)[]> };
type Body = { start: string; end: string; intervals: string[]; groups: Group[]; query: string };

describe(`GET /organizations/{org}/sessions/ over real @sentry/node sessions on ${testDialect}`, { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  let other: CreatedProject;
  const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<unknown> };
  let previousDatabase: Promise<unknown> | undefined;
  const tokens = { read: "", otherTeam: "" };
  const token = uniqueToken();
  const release = { healthy: `shop@1.0.0-${token}`, errored: `shop@1.1.0-${token}`, crashed: `shop@1.2.0-${token}` };
  const environment = "production";

  beforeAll(async () => {
    database = await createTestDatabase();
    previousDatabase = holder.lanternDatabase;
    holder.lanternDatabase = Promise.resolve(database);
    server = await startIngestServer(database);
    const config = createTestConfig();
    const auth = createTestAuth(database, config);
    const owner = await createTestUser(database, auth, "owner");
    const member = await createTestUser(database, auth, "member");
    shop = await insertProject(database.db, { name: `sessions shop ${token}`, platform: "node" });
    other = await insertProject(database.db, { name: `sessions other ${token}`, platform: "node" });
    tokens.read = (await createApiToken(database.db, { userId: owner.userId, name: "read", scopes: ["read"], issuer: tokenIssuerOf(config) })).token;
    tokens.otherTeam = (await createApiToken(database.db, { userId: member.userId, name: "member", scopes: ["read", "write"], issuer: tokenIssuerOf(config) })).token;
    const plans = {
      [release.healthy]: "ana:healthy,ben:healthy,cy:healthy",
      [release.errored]: "ana:errored,ben:healthy,cy:errored",
      [release.crashed]: "ana:crashed,ben:healthy,cy:healthy,dee:errored",
    };
    for (const [version, plan] of Object.entries(plans)) {
      const result = await runSdkScript("release-sessions.mjs", {
        LANTERN_TEST_DSN: dsnFor(server, shop.key.public_key, shop.project.id),
        LANTERN_TEST_RELEASE: version,
        LANTERN_TEST_ENVIRONMENT: environment,
        LANTERN_TEST_TOKEN: token,
        LANTERN_TEST_SESSIONS: plan,
      });
      expect(result.code, result.stderr).toBe(0);
    }
    await server.service.digest.drain();
  }, 120_000);

  afterAll(async () => {
    holder.lanternDatabase = previousDatabase;
    await server?.close();
    await database?.destroy();
  });

  async function sessions(query: string, bearer = tokens.read): Promise<{ status: number; body: Body }> {
    const request = new Request(`http://lantern.test/api/0/organizations/${org}/sessions/?${query}`, { headers: { authorization: `Bearer ${bearer}` } });
    const response = await organizationSessionsRoute(request, { params: Promise.resolve({ organizationSlug: org }) });
    return { status: response.status, body: (await response.json()) as Body };
  }
  const fields = "field=sum(session)&field=count_unique(user)&field=crash_free_rate(session)&field=crash_free_rate(user)";

  it("gives each release's sessions, users and crash-free rates exactly, each crashed session counted once", async () => {
    const { status, body } = await sessions(`${fields}&groupBy=release&statsPeriod=24h&interval=1h&project=${shop.project.id}`);
    expect(status).toBe(200);
    // 24 h widened to whole hours: 25 hourly intervals unless now is on the hour.
    expect(body.intervals).toHaveLength((Date.parse(body.end) - Date.parse(body.start)) / 3_600_000);
    expect(body.intervals.length).toBeGreaterThanOrEqual(24);
    expect(body.intervals[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00Z$/);
    const totals = Object.fromEntries(body.groups.map((group) => [group.by.release, group.totals]));
    expect(totals).toEqual({
      [release.healthy]: { "sum(session)": 3, "count_unique(user)": 3, "crash_free_rate(session)": 1, "crash_free_rate(user)": 1 },
      [release.errored]: { "sum(session)": 3, "count_unique(user)": 3, "crash_free_rate(session)": 1, "crash_free_rate(user)": 1 },
      [release.crashed]: { "sum(session)": 4, "count_unique(user)": 4, "crash_free_rate(session)": 0.75, "crash_free_rate(user)": 0.75 },
    });
    const crashed = body.groups.find((group) => group.by.release === release.crashed)!;
    expect(crashed.series["sum(session)"]!.reduce((sum, value) => sum! + value!, 0)).toBe(4);
    expect(crashed.series["crash_free_rate(session)"]!.filter((value) => value !== null)).toEqual([0.75]);
  });

  it("splits sessions and users by session.status, narrowed by release:[…] in the query", async () => {
    const { body } = await sessions(`field=sum(session)&field=count_unique(user)&groupBy=session.status&groupBy=release&query=${encodeURIComponent(`release:[${release.errored},${release.crashed}]`)}&environment=${environment}`);
    const byStatus = Object.fromEntries(body.groups.map((group) => [`${group.by.release} ${group.by["session.status"]}`, group.totals]));
    expect(byStatus).toEqual({
      [`${release.errored} healthy`]: { "sum(session)": 1, "count_unique(user)": 1 },
      [`${release.errored} errored`]: { "sum(session)": 2, "count_unique(user)": 2 },
      [`${release.errored} crashed`]: { "sum(session)": 0, "count_unique(user)": 0 },
      [`${release.errored} abnormal`]: { "sum(session)": 0, "count_unique(user)": 0 },
      [`${release.crashed} healthy`]: { "sum(session)": 2, "count_unique(user)": 2 },
      [`${release.crashed} errored`]: { "sum(session)": 1, "count_unique(user)": 1 },
      [`${release.crashed} crashed`]: { "sum(session)": 1, "count_unique(user)": 1 },
      [`${release.crashed} abnormal`]: { "sum(session)": 0, "count_unique(user)": 0 },
    });
    expect(body.query).toBe(`release:[${release.errored},${release.crashed}]`);
  });

  it("totals the project without groupBy, and groups by project and environment", async () => {
    const { body } = await sessions(`${fields}&project=-1`);
    expect(body.groups).toEqual([expect.objectContaining({ by: {}, totals: { "sum(session)": 10, "count_unique(user)": 4, "crash_free_rate(session)": 0.9, "crash_free_rate(user)": 0.75 } })]);
    const grouped = await sessions(`field=sum(session)&groupBy=project&groupBy=environment&query=release:${release.healthy}`);
    expect(grouped.body.groups.map((group) => [group.by, group.totals])).toEqual([[{ project: shop.project.id, environment }, { "sum(session)": 3 }]]);
    const elsewhere = await sessions(`${fields}&environment=staging`);
    expect(elsewhere.body.groups[0]!.totals).toEqual({ "sum(session)": 0, "count_unique(user)": 0, "crash_free_rate(session)": null, "crash_free_rate(user)": null });
  });

  it("answers 400 with a reason for what it cannot read, and hides projects of other teams", async () => {
    for (const [query, reason] of [
      ["groupBy=release", /field is required/],
      ["field=avg(session.duration)", /Unknown field/],
      ["field=sum(session)&groupBy=user", /Unknown groupBy/],
      ["field=sum(session)&interval=5m", /whole number of hours/],
      ["field=sum(session)&statsPeriod=1y", /Invalid statsPeriod/],
      ["field=sum(session)&query=os.name:linux", /release: and environment: only/],
      ["field=sum(session)&start=2026-01-02T00:00:00Z&end=2026-01-01T00:00:00Z", /end must be after start/],
    ] as const) {
      const { status, body } = await sessions(query);
      expect(status, query).toBe(400);
      expect(JSON.stringify(body), query).toMatch(reason);
    }
    expect((await sessions(`field=sum(session)&project=${other.project.id}`, tokens.otherTeam)).status).toBe(404);
    const { body } = await sessions(`field=sum(session)&project=-1`, tokens.otherTeam);
    expect(body.groups[0]!.totals["sum(session)"]).toBe(0);
  });
});
