import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { eventEnvelope, postToIngest } from "../../../../tests/support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../../../../tests/support/start-ingest-server";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import type { AccessContext } from "../../access/authorize";
import { systemContext } from "../../access/system-context";
import { AppError } from "../../errors";
import { buildDsn, parseDsn } from "../build-dsn";
import { insertProject, type CreatedProject } from "../insert-project";
import { ensureInternalProject } from "../ensure-internal-project";
import { createProjectKey } from "./create-project-key";
import { listProjectKeys } from "./list-project-keys";
import { rotateProjectKey } from "./rotate-project-key";
import { setProjectKeyActive } from "./set-project-key-active";
import { setProjectKeyRateLimit } from "./set-project-key-rate-limit";

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe(`project keys on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let shop: CreatedProject;
  let other: CreatedProject;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
    shop = await insertProject(database.db, { name: "Shop" });
    other = await insertProject(database.db, { name: "Other" });
  });
  afterEach(() => database.destroy());

  const ref = () => ({ projectId: shop.project.id, keyId: shop.key.id });

  describe("createProjectKey and listProjectKeys", () => {
    it("adds an active key with its own 32-hex public key and no rate limit, listed after the first", async () => {
      const key = await createProjectKey(context, { projectId: shop.project.id, label: "  Mobile app  " });
      expect(key).toMatchObject({ project_id: shop.project.id, label: "Mobile app", is_active: 1, rate_limit_count: null, rate_limit_window_seconds: null });
      expect(key.public_key).toMatch(/^[0-9a-f]{32}$/);
      expect(key.public_key).not.toBe(shop.key.public_key);
      expect((await listProjectKeys(database.db, shop.project.id)).map((row) => row.label)).toEqual(["Default", "Mobile app"]);
      expect((await listProjectKeys(database.db, other.project.id)).map((row) => row.id)).toEqual([other.key.id]);
    });

    it.each([
      ["an empty label", ""],
      ["a label of spaces", "   "],
      ["a label over 64 characters", "x".repeat(65)],
    ])("refuses %s", async (_, label) => {
      await expect(createProjectKey(context, { projectId: shop.project.id, label })).rejects.toThrow(ZodError);
      expect(await listProjectKeys(database.db, shop.project.id)).toHaveLength(1);
    });

    it("answers not_found for a project that does not exist", async () => {
      expect(await appError(createProjectKey(context, { projectId: 999_999, label: "x" }))).toMatchObject({ code: "not_found" });
    });
  });

  describe("rotateProjectKey", () => {
    it("creates an active key with the same label and rate limit and disables the old one", async () => {
      await setProjectKeyRateLimit(context, { ...ref(), count: 100, windowSeconds: 60 });
      const { previous, key } = await rotateProjectKey(context, ref());
      expect(previous).toMatchObject({ id: shop.key.id, is_active: 0 });
      expect(key).toMatchObject({ label: "Default", is_active: 1, rate_limit_count: 100, rate_limit_window_seconds: 60, project_id: shop.project.id });
      expect(key.public_key).not.toBe(shop.key.public_key);
      expect((await listProjectKeys(database.db, shop.project.id)).map((row) => [row.id, row.is_active])).toEqual([
        [shop.key.id, 0],
        [key.id, 1],
      ]);
    });

    it("refuses a key that is already disabled, and changes nothing", async () => {
      await setProjectKeyActive(context, { ...ref(), isActive: false });
      expect(await appError(rotateProjectKey(context, ref()))).toMatchObject({ code: "conflict" });
      expect(await listProjectKeys(database.db, shop.project.id)).toHaveLength(1);
    });
  });

  describe("a key of another project or no key at all", () => {
    it.each([
      ["rotate", () => rotateProjectKey(context, { projectId: shop.project.id, keyId: other.key.id })],
      ["disable", () => setProjectKeyActive(context, { projectId: shop.project.id, keyId: other.key.id, isActive: false })],
      ["limit", () => setProjectKeyRateLimit(context, { projectId: shop.project.id, keyId: other.key.id, count: 1, windowSeconds: 1 })],
      ["rotate a missing key", () => rotateProjectKey(context, { projectId: shop.project.id, keyId: 999_999 })],
    ])("is not_found (%s) and stays as it was", async (_, change) => {
      expect(await appError(change())).toMatchObject({ code: "not_found", message: "This project has no such key." });
      expect(await listProjectKeys(database.db, other.project.id)).toEqual([other.key]);
    });
  });

  describe("setProjectKeyActive", () => {
    it("disables and enables a key", async () => {
      await setProjectKeyActive(context, { ...ref(), isActive: false });
      expect((await listProjectKeys(database.db, shop.project.id))[0]).toMatchObject({ is_active: 0 });
      await setProjectKeyActive(context, { ...ref(), isActive: true });
      expect((await listProjectKeys(database.db, shop.project.id))[0]).toMatchObject({ is_active: 1 });
    });

    // The running instance reports its own errors with the key it read at start.
    it("refuses to disable or rotate a key of Lantern's own project, but lets it be limited", async () => {
      const internal = await ensureInternalProject(database.db);
      const [key] = await listProjectKeys(database.db, internal.projectId);
      const internalRef = { projectId: internal.projectId, keyId: key!.id };
      expect(await appError(setProjectKeyActive(context, { ...internalRef, isActive: false }))).toMatchObject({ code: "conflict" });
      expect(await appError(rotateProjectKey(context, internalRef))).toMatchObject({ code: "conflict" });
      await setProjectKeyRateLimit(context, { ...internalRef, count: 10, windowSeconds: 60 });
      expect(await listProjectKeys(database.db, internal.projectId)).toEqual([{ ...key, rate_limit_count: 10, rate_limit_window_seconds: 60 }]);
      expect(await ensureInternalProject(database.db)).toEqual(internal);
    });
  });

  describe("setProjectKeyRateLimit", () => {
    it("sets a count per window, and removes it with two empty values", async () => {
      await setProjectKeyRateLimit(context, { ...ref(), count: "30", windowSeconds: "3600" });
      expect((await listProjectKeys(database.db, shop.project.id))[0]).toMatchObject({ rate_limit_count: 30, rate_limit_window_seconds: 3600 });
      await setProjectKeyRateLimit(context, { ...ref(), count: "", windowSeconds: "" });
      expect((await listProjectKeys(database.db, shop.project.id))[0]).toMatchObject({ rate_limit_count: null, rate_limit_window_seconds: null });
    });

    it.each([
      ["a count without a window", { count: 10, windowSeconds: null }],
      ["a window without a count", { count: null, windowSeconds: 60 }],
      ["a count of zero", { count: 0, windowSeconds: 60 }],
      ["a fractional count", { count: 1.5, windowSeconds: 60 }],
      ["a window over a day", { count: 10, windowSeconds: 86_401 }],
      ["a count over a million", { count: 1_000_001, windowSeconds: 60 }],
      ["words", { count: "ten", windowSeconds: 60 }],
    ])("refuses %s and keeps the limit it had", async (_, limit) => {
      await setProjectKeyRateLimit(context, { ...ref(), count: 5, windowSeconds: 5 });
      await expect(setProjectKeyRateLimit(context, { ...ref(), ...limit })).rejects.toThrow(ZodError);
      expect((await listProjectKeys(database.db, shop.project.id))[0]).toMatchObject({ rate_limit_count: 5, rate_limit_window_seconds: 5 });
    });
  });

  describe("the audit log", () => {
    it("records each key change under the signed-in person who made it, and nothing for a refused one", async () => {
      const config = createTestConfig();
      const admin = await createTestUser(database, createTestAuth(database, config), "admin");
      const adminContext = await createTestContext(database, config, admin.userId);
      const key = await createProjectKey(adminContext, { projectId: shop.project.id, label: "Mobile" });
      await setProjectKeyRateLimit(adminContext, { projectId: shop.project.id, keyId: key.id, count: 10, windowSeconds: 60 });
      await setProjectKeyActive(adminContext, { projectId: shop.project.id, keyId: key.id, isActive: false });
      await setProjectKeyActive(adminContext, { projectId: shop.project.id, keyId: key.id, isActive: true });
      await rotateProjectKey(adminContext, { projectId: shop.project.id, keyId: key.id });
      await appError(rotateProjectKey(adminContext, { projectId: shop.project.id, keyId: other.key.id }));
      await rotateProjectKey(context, ref());
      const log = await database.db.selectFrom("audit_log").select(["action", "actor", "actor_email", "target", "data"]).orderBy("id").execute();
      const actor = { actor: `user:${admin.email}`, actor_email: admin.email, target: "project:shop" };
      expect(log.map((row) => ({ ...row, data: row.data === null ? null : (JSON.parse(row.data) as unknown) }))).toEqual([
        { action: "key.created", ...actor, data: { label: "Mobile" } },
        { action: "key.rate_limit_changed", ...actor, data: { keyId: key.id, count: 10, windowSeconds: 60 } },
        { action: "key.disabled", ...actor, data: { keyId: key.id } },
        { action: "key.enabled", ...actor, data: { keyId: key.id } },
        { action: "key.rotated", ...actor, data: { keyId: key.id } },
        { action: "key.rotated", actor: "cli", actor_email: null, target: "project:shop", data: { keyId: shop.key.id } },
      ]);
    });
  });

  describe("as ingest sees it (key cache off)", () => {
    let server: IngestServer;
    beforeEach(async () => {
      server = await startIngestServer(database, { LANTERN_KEY_CACHE_SECONDS: "0" }, { isDigesting: false });
    });
    afterEach(() => server.close());

    /** Posts one event the way an SDK configured with `dsn` does. */
    function send(dsn: string): Promise<Response> {
      const parsed = parseDsn(dsn)!;
      return postToIngest(server, parsed.projectId, eventEnvelope().body, { key: parsed.publicKey });
    }
    const dsnOf = (publicKey: string) => buildDsn(server.url, publicKey, shop.project.id);

    it("accepts a new key's DSN, refuses a disabled key with 403 and accepts it again once enabled", async () => {
      const key = await createProjectKey(context, { projectId: shop.project.id, label: "Second" });
      expect((await send(dsnOf(key.public_key))).status).toBe(200);
      await setProjectKeyActive(context, { projectId: shop.project.id, keyId: key.id, isActive: false });
      expect((await send(dsnOf(key.public_key))).status).toBe(403);
      expect((await send(dsnOf(shop.key.public_key))).status).toBe(200);
      await setProjectKeyActive(context, { projectId: shop.project.id, keyId: key.id, isActive: true });
      await expect.poll(async () => (await send(dsnOf(key.public_key))).status, { timeout: 3000 }).toBe(200);
    });

    it("refuses the rotated key's DSN and accepts its replacement's", async () => {
      expect((await send(dsnOf(shop.key.public_key))).status).toBe(200);
      const { key } = await rotateProjectKey(context, ref());
      expect((await send(dsnOf(shop.key.public_key))).status).toBe(403);
      expect((await send(dsnOf(key.public_key))).status).toBe(200);
    });

    it("applies a key's rate limit: the envelope over the count gets 429 with the key scope in X-Sentry-Rate-Limits", async () => {
      await setProjectKeyRateLimit(context, { ...ref(), count: 1, windowSeconds: 3600 });
      expect((await send(dsnOf(shop.key.public_key))).status).toBe(200);
      const limited = await send(dsnOf(shop.key.public_key));
      expect(limited.status).toBe(429);
      expect(limited.headers.get("x-sentry-rate-limits")).toMatch(/^\d+:[^:]*error[^:]*:key:/);
      await setProjectKeyRateLimit(context, { ...ref(), count: null, windowSeconds: null });
      expect((await send(dsnOf(shop.key.public_key))).status).toBe(200);
    });
  });
});
