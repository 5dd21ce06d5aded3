import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KeyCache } from "@/server/ingest/key-cache";
import { createProject, type CreatedProject } from "@/server/projects/create-project";
import { eventEnvelope, postToIngest } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

describe(`capture switch and key cache on ${testDialect}`, () => {
  let database: TestDatabase;
  let shop: CreatedProject;
  let server: IngestServer | undefined;
  beforeEach(async () => {
    database = await createTestDatabase();
    shop = await createProject(database.db, { name: "shop" });
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await database.destroy();
  });

  it("writes every accepted envelope to LANTERN_CAPTURE_DIR, byte for byte, and nothing refused", async () => {
    const directory = mkdtempSync(join(tmpdir(), "lantern-capture-"));
    try {
      server = await startIngestServer(database, { LANTERN_CAPTURE_DIR: directory });
      const { eventId, body } = eventEnvelope({ message: "captured" });
      expect((await postToIngest(server, shop.project.id, body, { key: shop.key.public_key })).status).toBe(200);
      expect((await postToIngest(server, shop.project.id, body, { key: "f".repeat(32) })).status).toBe(403);
      await expect.poll(() => readdirSync(directory).filter((name) => name.endsWith(".envelope"))).toHaveLength(1);
      const files = readdirSync(directory);
      expect(files).toHaveLength(1);
      const [file] = files;
      expect(file).toContain(eventId);
      expect(readFileSync(join(directory, file!)).equals(body)).toBe(true);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("answers a cached key without asking the database again until the entry expires", async () => {
    const cache = new KeyCache(database.db, 30);
    const now = Date.now();
    expect(await cache.get(shop.key.public_key, now)).toMatchObject({ projectId: shop.project.id });
    // Deleting the key proves the next answers come from the cache, not from a query.
    await database.db.deleteFrom("project_keys").where("id", "=", shop.key.id).execute();
    expect(await cache.get(shop.key.public_key, now + 29_000)).toMatchObject({ projectId: shop.project.id });
    expect(await cache.get(shop.key.public_key, now + 31_000)).toBeNull();
  });

  it("remembers an unknown key only briefly, so a key created meanwhile works within a second", async () => {
    const cache = new KeyCache(database.db, 30);
    const now = Date.now();
    const other = await createProject(database.db, { name: "other" });
    await database.db.updateTable("project_keys").set({ is_active: 0 }).where("id", "=", other.key.id).execute();
    expect(await cache.get(other.key.public_key, now)).toBeNull();
    await database.db.updateTable("project_keys").set({ is_active: 1 }).where("id", "=", other.key.id).execute();
    expect(await cache.get(other.key.public_key, now + 500)).toBeNull();
    expect(await cache.get(other.key.public_key, now + 1500)).toMatchObject({ projectId: other.project.id });
  });
});
