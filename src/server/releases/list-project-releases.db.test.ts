import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dsnFor, runSdkScript, uniqueToken } from "../../../tests/support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../../../tests/support/start-ingest-server";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { releaseHealthWindowMs } from "./load-release-health";
import { listProjectReleases } from "./list-project-releases";

/**
 * Release health from what the official @sentry/node sends on its own: the process session of each run
 * (exited), the session of a process an uncaught exception kills (crashed), a session driven by hand that
 * had a handled error (errored). Scripts in tests/fixtures/sdk-scripts, over HTTP into the real ingest server.
 */
describe(`listProjectReleases on ${testDialect}`, { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let context: AccessContext;
  let shop: CreatedProject;
  let token: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    context = systemContext(database, createTestConfig());
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    token = uniqueToken();
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  async function run(script: string, project: CreatedProject, release: string): Promise<void> {
    const result = await runSdkScript(script, {
      LANTERN_TEST_DSN: dsnFor(server, project.key.public_key, project.project.id),
      LANTERN_TEST_RELEASE: release,
      LANTERN_TEST_ENVIRONMENT: "production",
      LANTERN_TEST_TOKEN: token,
    });
    expect(result.signal, result.stderr).toBeNull();
    await server.service.digest.drain();
  }

  it("lists releases newest first with crash-free sessions, adoption and new issues; a release without sessions has no health", async () => {
    const stable = `shop@1.0.0-${token}`;
    const broken = `shop@1.1.0-${token}`;
    const quiet = `shop@1.2.0-${token}`;
    await run("process-session.mjs", shop, stable);
    await run("process-session.mjs", shop, stable);
    await run("process-session.mjs", shop, stable);
    await run("uncaught-exception.mjs", shop, broken);
    await run("process-session.mjs", shop, broken);
    await run("session.mjs", shop, broken);
    // A release the project only knows from the release API has no session at all.
    await database.db.insertInto("releases").values({ project_id: shop.project.id, version: quiet, first_seen: Date.now() + 1000 }).execute();
    // Another project's sessions of the same version count for neither health nor adoption.
    const other = await insertProject(database.db, { name: "Other", platform: "node" });
    await run("uncaught-exception.mjs", other, stable);

    const { releases, hasMore } = await listProjectReleases(context, shop.project.id);
    expect(hasMore).toBe(false);
    expect(releases.map((release) => release.version)).toEqual([quiet, broken, stable]);
    const [quietRow, brokenRow, stableRow] = releases;
    expect(quietRow!.health).toBeNull();
    expect(stableRow!.health).toEqual({ sessions: 3, crashed: 0, errored: 0, abnormal: 0, crashFreeRate: 1, adoption: 0.5 });
    expect(brokenRow!.health).toMatchObject({ sessions: 3, crashed: 1, errored: 1, abnormal: 0, adoption: 0.5 });
    expect(brokenRow!.health!.crashFreeRate).toBeCloseTo(2 / 3, 10);
    // The uncaught exception and the handled one were first seen in the broken release.
    expect(brokenRow!.newIssues).toBe(2);
    expect(stableRow!.newIssues).toBe(0);
  });

  it("reads health over the last 14 days only", async () => {
    const release = `shop@2.0.0-${token}`;
    await run("uncaught-exception.mjs", shop, release);
    const later = await listProjectReleases(context, shop.project.id, { now: Date.now() + releaseHealthWindowMs + 2 * 3_600_000 });
    expect(later.releases.map((row) => [row.version, row.health])).toEqual([[release, null]]);
    const now = await listProjectReleases(context, shop.project.id);
    expect(now.releases[0]!.health).toMatchObject({ sessions: 1, crashed: 1, crashFreeRate: 0 });
  });

  it("lists the latest deploy of each version", async () => {
    const release = `shop@3.0.0-${token}`;
    await database.db.insertInto("releases").values({ project_id: shop.project.id, version: release, first_seen: Date.now() }).execute();
    await database.db
      .insertInto("release_deploys")
      .values([
        { project_id: shop.project.id, version: release, environment: "staging", name: null, url: null, date_started: null, date_finished: 1_000, created_at: 1_000 },
        { project_id: shop.project.id, version: release, environment: "production", name: null, url: null, date_started: null, date_finished: 2_000, created_at: 2_000 },
      ])
      .execute();
    const { releases } = await listProjectReleases(context, shop.project.id);
    expect(releases[0]!.lastDeploy).toEqual({ environment: "production", finishedAt: 2_000 });
  });
});
