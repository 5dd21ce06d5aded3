import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { isAppError } from "../errors";
import { insertProject } from "../projects/insert-project";
import { listIssueReleases } from "./list-issue-releases";

describe(`listIssueReleases on ${testDialect}`, () => {
  let database: TestDatabase;
  let issueId: number;

  beforeEach(async () => {
    database = await createTestDatabase();
    const shop = (await insertProject(database.db, { name: "shop" })).project.id;
    const other = (await insertProject(database.db, { name: "other" })).project.id;
    await storeFixtureEvent(database.db, shop, "node-exception.envelope");
    while ((await digestBatch(database)) > 0);
    issueId = (await database.db.selectFrom("issues").select("id").where("project_id", "=", shop).executeTakeFirstOrThrow()).id;
    await database.db.deleteFrom("releases").execute();
    await database.db
      .insertInto("releases")
      .values([
        { project_id: shop, version: "shop@1.0.0", first_seen: 1_000 },
        { project_id: shop, version: "shop@2.0.0", first_seen: 3_000 },
        { project_id: shop, version: "shop@1.5.0", first_seen: 2_000 },
        { project_id: other, version: "other@9.9.9", first_seen: 4_000 },
      ])
      .execute();
  });
  afterEach(() => database.destroy());

  it("lists the issue's project's releases, newest first, and no other project's", async () => {
    expect(await listIssueReleases(systemContext(database, createTestConfig()), issueId)).toEqual(["shop@2.0.0", "shop@1.5.0", "shop@1.0.0"]);
  });

  it("refuses a viewer who cannot see the issue", async () => {
    const config = createTestConfig();
    const member = await createTestUser(database, createTestAuth(database, config), "member");
    const error = await listIssueReleases(await createTestContext(database, config, member.userId), issueId).catch((caught: unknown) => caught);
    expect(isAppError(error) && ["forbidden", "not_found"].includes(error.code)).toBe(true);
  });
});
