import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { insertProject } from "./insert-project";
import { renameProject } from "./rename-project";

describe(`renaming a project on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
    projectId = (await insertProject(database.db, { name: "shop", platform: "node" })).project.id;
  });
  afterEach(() => database.destroy());

  it("changes the name and platform, keeps the slug, and leaves an audit entry naming both", async () => {
    await renameProject(context, projectId, { name: "  Shop backend ", platform: "python" });
    const project = await database.db.selectFrom("projects").select(["name", "slug", "platform"]).where("id", "=", projectId).executeTakeFirstOrThrow();
    expect(project).toEqual({ name: "Shop backend", slug: "shop", platform: "python" });
    const audit = await database.db.selectFrom("audit_log").select(["action", "target", "data"]).where("action", "=", "project.renamed").executeTakeFirstOrThrow();
    expect(audit.target).toBe("project:shop");
    expect(JSON.parse(audit.data!)).toEqual({ from: { name: "shop", platform: "node" }, to: { name: "Shop backend", platform: "python" } });
  });

  it("refuses an empty name and a platform Lantern does not know, changing nothing", async () => {
    await expect(renameProject(context, projectId, { name: "  ", platform: "node" })).rejects.toThrow("Give the project a name");
    await expect(renameProject(context, projectId, { name: "Shop", platform: "cobol" })).rejects.toThrow("Choose one of");
    const project = await database.db.selectFrom("projects").select(["name", "platform"]).where("id", "=", projectId).executeTakeFirstOrThrow();
    expect(project).toEqual({ name: "shop", platform: "node" });
  });
});
