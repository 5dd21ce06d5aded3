import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { digestBatch } from "../digest/digest-batch";
import { resolveIssue } from "../issues/resolve-issue";
import { insertProject } from "../projects/insert-project";
import { getReleasePage } from "./get-release-page";

/**
 * A scripted sequence over two releases: 1.0 introduces "alpha" and "beta"; alpha is resolved in 1.1, beta
 * resolved now; 1.1 brings beta back (a regression) and introduces "gamma", and is deployed twice to
 * production and once to staging. Each release page lists exactly its own new, regressed and resolved issues.
 */
describe(`getReleasePage on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectId: number;
  const v10 = "shop@1.0.0";
  const v11 = "shop@1.1.0";

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = createTestConfig();
    const owner = await createTestUser(database, createTestAuth(database, config), "owner");
    context = await createTestContext(database, config, owner.userId);
    projectId = (await insertProject(database.db, { name: `release page ${Date.now()}`, platform: "node" })).project.id;
    const send = async (message: string, release: string, environment = "production") => {
      await storeFixtureEvent(database.db, projectId, "node-message.envelope", (event) => {
        event.message = message;
        event.release = release;
        event.environment = environment;
        delete event.event_id;
      });
      while ((await digestBatch(database)) > 0);
    };
    await send("alpha", v10);
    await send("beta", v10);
    const issueOf = async (title: string) => Number((await database.db.selectFrom("issues").select("id").where("project_id", "=", projectId).where("title", "=", title).executeTakeFirstOrThrow()).id);
    await resolveIssue(context, { issueId: await issueOf("alpha"), kind: "in_release", release: v11 });
    await resolveIssue(context, { issueId: await issueOf("beta"), kind: "now" });
    await send("beta", v11);
    await send("gamma", v11);
    await send("delta", v11, "canary");
    const now = Date.now();
    for (const [environment, finishedAt] of [["production", now - 7_200_000], ["production", now - 3_600_000], ["staging", now - 5_400_000]] as const) {
      await database.db.insertInto("release_deploys").values({ project_id: projectId, version: v11, environment, name: null, url: null, date_started: null, date_finished: finishedAt, created_at: finishedAt }).execute();
    }
  }, 60_000);

  afterAll(async () => {
    await database?.destroy();
  });

  const titles = (issues: { title: string }[]) => issues.map((issue) => issue.title).sort();

  it("lists the issues a release introduced, brought back and resolved, and its events per day", async () => {
    const first = await getReleasePage(context, projectId, v10);
    expect([titles(first.newIssues), titles(first.regressedIssues), titles(first.resolvedIssues)]).toEqual([["alpha", "beta"], [], []]);
    const second = await getReleasePage(context, projectId, v11);
    expect([titles(second.newIssues), titles(second.regressedIssues), titles(second.resolvedIssues)]).toEqual([["delta", "gamma"], ["beta"], ["alpha"]]);
    expect(second.days).toHaveLength(14);
    expect(second.days.reduce((sum, day) => sum + day.events, 0)).toBe(3);
    expect(second.health).toBeNull();
  });

  it("gives the latest deploy per environment and how many each had", async () => {
    const { deploys } = await getReleasePage(context, projectId, v11);
    expect(deploys.map((deploy) => [deploy.environment, deploy.count])).toEqual([["production", 2], ["staging", 1]]);
    expect(deploys[0]!.finishedAt).toBeGreaterThan(deploys[1]!.finishedAt);
  });

  it("with the header's environment, lists only that environment's issues, events and deploys", async () => {
    const canary = await getReleasePage(context, projectId, v11, { environment: "canary" });
    expect([titles(canary.newIssues), titles(canary.regressedIssues), titles(canary.resolvedIssues)]).toEqual([["delta"], [], []]);
    expect(canary.days.reduce((sum, day) => sum + day.events, 0)).toBe(1);
    expect(canary.deploys).toEqual([]);
    const production = await getReleasePage(context, projectId, v11, { environment: "production" });
    expect([titles(production.newIssues), titles(production.regressedIssues), titles(production.resolvedIssues)]).toEqual([["gamma"], ["beta"], ["alpha"]]);
    expect(production.deploys.map((deploy) => [deploy.environment, deploy.count])).toEqual([["production", 2]]);
  });

  it("is not_found for a version the project does not have", async () => {
    await expect(getReleasePage(context, projectId, "shop@9.9.9")).rejects.toMatchObject({ code: "not_found" });
  });
});
