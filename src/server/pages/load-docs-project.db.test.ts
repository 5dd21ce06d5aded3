import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { insertProject } from "../projects/insert-project";
import { setProjectKeyActive } from "../projects/keys/set-project-key-active";
import { loadDocsProject } from "./load-docs-project";

/** Which project's DSN Docs → Getting started with Next.js fills in, for whom, on both dialects. */
describe(`loadDocsProject on ${testDialect}`, () => {
  let database: TestDatabase;
  let owner: AccessContext;
  let member: AccessContext;
  let loner: AccessContext;
  const keys: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = createTestConfig();
    const auth = createTestAuth(database, config);
    owner = await createTestContext(database, config, (await createTestUser(database, auth, "owner")).userId);
    const memberId = (await createTestUser(database, auth, "member")).userId;
    const lonerId = (await createTestUser(database, auth, "member")).userId;
    for (const [name, platform, isInternal] of [["Lantern", "javascript-nextjs", true], ["Blog", "python", false], ["Shop web", "javascript-nextjs", false], ["Archive", "node", false]] as const) {
      const { project, key } = await insertProject(database.db, { name, platform }, { isInternal });
      ids[project.slug] = project.id;
      keys[project.slug] = key.public_key;
    }
    // The member's team has the blog and the archive; the shop is another team's.
    const team = await database.db.insertInto("teams").values({ slug: "writers", name: "Writers", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: team.id, user_id: memberId }).execute();
    await database.db.insertInto("team_projects").values([{ team_id: team.id, project_id: ids.blog! }, { team_id: team.id, project_id: ids.archive! }]).execute();
    member = await createTestContext(database, config, memberId);
    loner = await createTestContext(database, config, lonerId);
  });

  afterAll(() => database?.destroy());

  it("fills in the first Next.js project that is not Lantern's own, with its DSN at LANTERN_URL, and links the others", async () => {
    const project = await loadDocsProject(owner, null);
    expect(project).toEqual({
      slug: "shop-web",
      name: "Shop web",
      dsn: `http://${keys["shop-web"]}@lantern.test/${ids["shop-web"]}`,
      others: [
        { slug: "archive", name: "Archive" },
        { slug: "blog", name: "Blog" },
        { slug: "lantern", name: "Lantern" },
      ],
    });
  });

  it("takes the project ?project= names, and falls back when the name is unknown", async () => {
    expect((await loadDocsProject(owner, "blog"))?.dsn).toBe(`http://${keys.blog}@lantern.test/${ids.blog}`);
    expect((await loadDocsProject(owner, "lantern"))?.slug).toBe("lantern");
    expect((await loadDocsProject(owner, "no-such-project"))?.slug).toBe("shop-web");
  });

  it("never gives a member the DSN of another team's project, even when asked for it by name", async () => {
    const project = await loadDocsProject(member, "shop-web");
    expect(project?.slug).toBe("archive");
    expect(project?.others).toEqual([{ slug: "blog", name: "Blog" }]);
    expect(JSON.stringify(project)).not.toContain(keys["shop-web"]!);
    expect(await loadDocsProject(loner, "shop-web")).toBeNull();
  });

  it("skips a project whose keys are all disabled", async () => {
    const key = await database.db.selectFrom("project_keys").select("id").where("project_id", "=", ids.archive!).executeTakeFirstOrThrow();
    await setProjectKeyActive(owner, { projectId: ids.archive!, keyId: key.id, isActive: false });
    expect((await loadDocsProject(member, "archive"))?.slug).toBe("blog");
    expect((await loadDocsProject(member, null))?.others).toEqual([]);
  });
});
