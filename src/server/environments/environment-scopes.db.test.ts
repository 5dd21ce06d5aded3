import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dsnFor, runSdkScript, uniqueToken } from "../../../tests/support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../../../tests/support/start-ingest-server";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { getIssueInEnvironment } from "../issues/get-issue-in-environment";
import { loadIssueList } from "../issues/search/load-issue-list";
import { logExplorerParams } from "../logs/explorer-params";
import { loadLogExplorer } from "../logs/load-log-explorer";
import { getProjectPerformance } from "../performance/get-project-performance";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { listProjectReleases } from "../releases/list-project-releases";

/**
 * What each scoped page's verb reads under the header's environment filter, from what the real @sentry/node
 * sends over HTTP into the real ingest: one error twice in blue and once in green (one issue), an issue
 * only green has, a transaction per run, log lines and a session per environment.
 */
describe(`the pages' verbs under an environment filter on ${testDialect}`, { timeout: 180_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let context: AccessContext;
  let shop: CreatedProject;
  const token = uniqueToken();
  const releaseOf = (environment: string) => `shop@${environment}`;

  async function run(script: string, environment: string, extra: Record<string, string> = {}): Promise<void> {
    const result = await runSdkScript(script, {
      LANTERN_TEST_DSN: dsnFor(server, shop.key.public_key, shop.project.id),
      LANTERN_TEST_RELEASE: releaseOf(environment),
      LANTERN_TEST_ENVIRONMENT: environment,
      LANTERN_TEST_TOKEN: token,
      ...extra,
    }, 60_000);
    expect(result.code, result.stderr).toBe(0);
    await server.service.digest.drain();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    context = systemContext(database, createTestConfig());
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    await run("traced-request.mjs", "blue");
    await run("traced-request.mjs", "blue");
    await run("traced-request.mjs", "green");
    await run("capture-message.mjs", "green", { LANTERN_TEST_SCOPE: JSON.stringify({ message: `only in green ${token}`, level: "error", tags: {}, user: { id: "green-user" }, contexts: {}, breadcrumbs: [] }) });
    await run("logs.mjs", "blue", { LANTERN_TEST_TOKEN: `${token}-blue` });
    await run("logs.mjs", "green", { LANTERN_TEST_TOKEN: `${token}-green` });
    await run("process-session.mjs", "blue");
    await run("process-session.mjs", "green");
  }, 180_000);
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  const titles = async (environment: string | null, query?: string) =>
    (await loadIssueList(context, { projectId: shop.project.id, query, sort: "last_seen", environment })).issues.map((issue) => issue.title).sort();

  it("the issue list keeps the issues seen in the environment; the query's own environment: wins", async () => {
    const checkout = `Error: checkout failed ${token}`;
    const greenOnly = `only in green ${token}`;
    expect(await titles(null)).toEqual([checkout, greenOnly]);
    expect(await titles("blue")).toEqual([checkout]);
    expect(await titles("green")).toEqual([checkout, greenOnly]);
    const overridden = await loadIssueList(context, { projectId: shop.project.id, query: "environment:green", sort: "last_seen", environment: "blue" });
    expect(overridden.issues.map((issue) => issue.title).sort()).toEqual([checkout, greenOnly]);
    expect(overridden.environmentScope).toEqual({ applied: null, overridden: "blue" });
  });

  it("the issue page counts the issue's events, users and volume in the environment", async () => {
    const [issue] = (await loadIssueList(context, { projectId: shop.project.id, query: "checkout failed", sort: "last_seen" })).issues;
    expect(issue!.timesSeen).toBe(3);
    const blue = await getIssueInEnvironment(context, issue!.id, "blue");
    expect(blue).toMatchObject({ environment: "blue", timesSeen: 2 });
    expect(blue.volume.total).toBe(2);
    expect((await getIssueInEnvironment(context, issue!.id, "green")).volume.total).toBe(1);
    expect(await getIssueInEnvironment(context, issue!.id, "nowhere")).toMatchObject({ timesSeen: 0, usersSeen: 0, volume: { total: 0 } });
  });

  it("the Releases tab lists the releases seen in the environment with that environment's sessions", async () => {
    const all = await listProjectReleases(context, shop.project.id);
    expect(all.releases.map((release) => release.version).sort()).toEqual([releaseOf("blue"), releaseOf("green")]);
    // Every script run is a process session (and traced requests may add request sessions): count blue's.
    const sessionsIn = async (environment: string) =>
      Number((await database.db.selectFrom("session_counts").select((eb) => eb.fn.sum<number>("quantity").as("total")).where("environment", "=", environment).where("status", "=", "started").executeTakeFirst())?.total);
    expect(await sessionsIn("blue")).toBeGreaterThan(0);
    expect(await sessionsIn("blue")).not.toBe(await sessionsIn("green"));
    const blue = await listProjectReleases(context, shop.project.id, { environment: "blue" });
    expect(blue.releases.map((release) => [release.version, release.health?.sessions, release.health?.adoption])).toEqual([[releaseOf("blue"), await sessionsIn("blue"), 1]]);
    const green = await listProjectReleases(context, shop.project.id, { environment: "green" });
    expect(green.releases.map((release) => [release.version, release.newIssues])).toEqual([[releaseOf("green"), 1]]);
  });

  it("the performance page counts the environment's transactions", async () => {
    const count = async (environment: string | null) => (await getProjectPerformance(context, shop.project.id, { environment })).transactions.find((row) => row.name === "GET /checkout/7")?.count;
    expect(await count(null)).toBe(3);
    expect(await count("blue")).toBe(2);
    expect(await count("green")).toBe(1);
    expect(await count("nowhere")).toBeUndefined();
  });

  it("the logs explorer shows the environment's lines; the query's own environment: wins", async () => {
    const messages = async (environment: string | null, query = "") => (await loadLogExplorer(context, logExplorerParams({ query }), { projectId: shop.project.id, environment })).rows.map((row) => row.message);
    expect(await messages(null)).toHaveLength(8);
    const blue = await messages("blue");
    expect(blue).toHaveLength(4);
    expect(blue.every((message) => message.includes(`${token}-blue`))).toBe(true);
    const overridden = await loadLogExplorer(context, logExplorerParams({ query: "environment:green" }), { projectId: shop.project.id, environment: "blue" });
    expect(overridden.rows.every((row) => row.message.includes(`${token}-green`))).toBe(true);
    expect(overridden.environmentScope).toEqual({ applied: null, overridden: "blue" });
  });
});
