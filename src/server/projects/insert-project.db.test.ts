import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { AppError } from "../errors";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { insertProject } from "./insert-project";
import { ensureInternalProject } from "./ensure-internal-project";
import { getProjectBySlug } from "./get-project-by-slug";
import { listProjects } from "./list-projects";

describe(`projects on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
  });
  afterEach(() => database.destroy());

  describe("insertProject", () => {
    it("derives the slug from the name and stores the platform", async () => {
      const { project } = await insertProject(database.db, { name: "Checkout Service", platform: "node" });
      expect(project).toMatchObject({ slug: "checkout-service", name: "Checkout Service", platform: "node", is_internal: 0 });
    });

    it("gives a second project of the same name the slug -2, and a third -3", async () => {
      const slugs = [];
      for (let index = 0; index < 3; index += 1) slugs.push((await insertProject(database.db, { name: "Web Shop" })).project.slug);
      expect(slugs).toEqual(["web-shop", "web-shop-2", "web-shop-3"]);
    });

    it("names a project without ASCII letters or digits 'project'", async () => {
      expect((await insertProject(database.db, { name: "🚀🚀" })).project.slug).toBe("project");
    });

    it("creates an active key of 32 lower-case hex characters, different for each project", async () => {
      const first = await insertProject(database.db, { name: "First" });
      const second = await insertProject(database.db, { name: "Second" });
      expect(first.key.public_key).toMatch(/^[0-9a-f]{32}$/);
      expect(first.key).toMatchObject({ project_id: first.project.id, is_active: 1, label: "Default" });
      expect(second.key.public_key).not.toBe(first.key.public_key);
    });

    it.each([
      ["an empty name", { name: "" }],
      ["a name of spaces", { name: "   " }],
      ["a name over 64 characters", { name: "x".repeat(65) }],
      ["an unknown platform", { name: "Ok", platform: "cobol" as never }],
    ])("refuses %s and stores nothing", async (_, input) => {
      await expect(insertProject(database.db, input)).rejects.toThrow(ZodError);
      expect(await database.db.selectFrom("projects").select("id").execute()).toEqual([]);
    });
  });

  describe("ensureInternalProject", () => {
    it("creates Lantern's own project once and returns the same key every time", async () => {
      const first = await ensureInternalProject(database.db);
      const second = await ensureInternalProject(database.db);
      expect(second).toEqual(first);
      expect(first.publicKey).toMatch(/^[0-9a-f]{32}$/);
      const internal = await database.db.selectFrom("projects").selectAll().where("is_internal", "=", 1).execute();
      expect(internal).toHaveLength(1);
      expect(internal[0]).toMatchObject({ id: first.projectId, slug: "lantern", name: "Lantern" });
    });

    // Two processes starting at once against one database do this.
    it("creates only one internal project when called concurrently, and both calls get its key", async () => {
      const results = await Promise.allSettled([ensureInternalProject(database.db), ensureInternalProject(database.db)]);
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
      const internal = await database.db.selectFrom("projects").select("id").where("is_internal", "=", 1).execute();
      expect(internal).toHaveLength(1);
    });

    it("does not take a user's project called Lantern for the internal one", async () => {
      const users = await insertProject(database.db, { name: "Lantern" });
      const internal = await ensureInternalProject(database.db);
      expect(internal.projectId).not.toBe(users.project.id);
      expect((await getProjectBySlug(database.db, "lantern-2")).project.is_internal).toBe(1);
    });
  });

  describe("listProjects", () => {
    it("counts each project's envelopes of the last 24 hours and its newest one", async () => {
      const now = Date.UTC(2026, 0, 15, 12);
      const hour = 60 * 60 * 1000;
      const busy = await insertProject(database.db, { name: "Busy" });
      const quiet = await insertProject(database.db, { name: "Quiet" });
      await insertProject(database.db, { name: "Idle" });
      const summary = { eventId: null, itemTypes: ["event"], summary: null, sdkName: null };
      const body = new TextEncoder().encode("{}");
      for (const receivedAt of [now - hour, now - 23 * hour, now - 25 * hour]) await storeEnvelope(database.db, busy.project.id, body, summary, receivedAt);
      await storeEnvelope(database.db, quiet.project.id, body, summary, now - 48 * hour);

      const rows = await listProjects(context, now);
      const bySlug = Object.fromEntries(rows.map((row) => [row.slug, row]));
      expect(bySlug.busy).toMatchObject({ receivedLast24h: 2, lastReceivedAt: now - hour, publicKey: busy.key.public_key, isInternal: false });
      expect(bySlug.quiet).toMatchObject({ receivedLast24h: 0, lastReceivedAt: now - 48 * hour });
      expect(bySlug.idle).toMatchObject({ receivedLast24h: 0, lastReceivedAt: null });
    });

    it("lists the user's projects by name, then the internal one", async () => {
      await insertProject(database.db, { name: "Zebra" });
      await insertProject(database.db, { name: "Alpha" });
      await ensureInternalProject(database.db);
      expect((await listProjects(context)).map((row) => [row.slug, row.isInternal])).toEqual([
        ["alpha", false],
        ["zebra", false],
        ["lantern", true],
      ]);
    });

    it("shows no key for a project whose keys are all disabled", async () => {
      const { project } = await insertProject(database.db, { name: "Disabled" });
      await database.db.updateTable("project_keys").set({ is_active: 0 }).where("project_id", "=", project.id).execute();
      expect((await listProjects(context))[0]).toMatchObject({ slug: "disabled", publicKey: null });
    });
  });

  describe("getProjectBySlug", () => {
    it("returns the project with its keys", async () => {
      const created = await insertProject(database.db, { name: "Billing" });
      expect(await getProjectBySlug(database.db, "billing")).toEqual({ project: created.project, keys: [created.key] });
    });

    it("throws not_found for an unknown slug", async () => {
      const error = await getProjectBySlug(database.db, "nope").catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "not_found", message: 'No project is called "nope".' });
    });
  });
});
