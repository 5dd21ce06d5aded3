import { describe, expect, it } from "vitest";
import { testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { useSystemProject } from "../../../tests/support/system-project";
import type { AccessContext } from "../access/authorize";
import { renameProject } from "./rename-project";

describe(`renaming a project on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectId: number;
  useSystemProject({ name: "shop", platform: "node" }, (setup) => ({ database, context, projectId } = setup));

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
