import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { dsnFor, runSdkScript, uniqueToken } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/**
 * The real @sentry/node sends errors and messages built to test grouping (tests/fixtures/sdk-scripts/
 * grouping-cases.mjs); after digest, each lands in the issue Sentry would put it in.
 */
describe(`grouping of @sentry/node events on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  it("groups like Sentry: by stack and type, parameterized messages, hybrid and custom fingerprints", async () => {
    const token = uniqueToken();
    const run = await runSdkScript("grouping-cases.mjs", {
      LANTERN_TEST_DSN: dsnFor(server, shop.key.public_key, shop.project.id),
      LANTERN_TEST_RELEASE: `shop@${token}`,
      LANTERN_TEST_ENVIRONMENT: "test",
    });
    expect(run.code, run.stderr).toBe(0);
    const captured = run.facts.captured as Record<string, string[]>;
    const all = Object.values(captured).flat();
    await server.service.digest.drain();
    const events = await database.db.selectFrom("events").select(["event_id", "issue_id", "group_hash"]).where("project_id", "=", shop.project.id).execute();
    expect(events).toHaveLength(all.length);
    const issueOf = new Map(events.map((event) => [event.event_id, event.issue_id]));
    const issues = (name: string) => new Set(captured[name]!.map((eventId) => issueOf.get(eventId)));

    for (const name of ["same-site", "parameterized", "hybrid-x", "custom"]) expect(issues(name).size, `${name} lands in one issue`).toBe(1);
    const [sameSite, siteOne, siteTwo, parameterized, hybridX, hybridY, custom] = ["same-site", "site-one", "site-two", "parameterized", "hybrid-x", "hybrid-y", "custom"].map((name) => [...issues(name)][0]);
    expect(new Set([sameSite, siteOne, siteTwo, parameterized, hybridX, hybridY, custom]).size, "every case is its own issue").toBe(7);

    const customHash = events.find((event) => event.event_id === captured.custom![0])!.group_hash;
    expect(customHash).toBe(createHash("md5").update("database-unavailable").digest("hex"));
    const issueCount = await database.db.selectFrom("issues").select((eb) => eb.fn.countAll<number>().as("n")).where("project_id", "=", shop.project.id).executeTakeFirstOrThrow();
    expect(Number(issueCount.n)).toBe(7);
  });
});
