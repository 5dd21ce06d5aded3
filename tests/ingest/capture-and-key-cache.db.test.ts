import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KeyCache } from "@/server/ingest/key-cache";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { eventEnvelope, postToIngest } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

describe(`capture switch and key cache on ${testDialect}`, () => {
  let database: TestDatabase;
  let shop: CreatedProject;
  let server: IngestServer | undefined;
  beforeEach(async () => {
    database = await createTestDatabase();
    shop = await insertProject(database.db, { name: "shop" });
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
    let now = Date.now();
    const cache = new KeyCache(database.db, 30, { clock: () => now });
    expect(await cache.get(shop.key.public_key)).toMatchObject({ projectId: shop.project.id });
    // Deleting the key proves the next answers come from the cache, not from a query.
    await database.db.deleteFrom("project_keys").where("id", "=", shop.key.id).execute();
    now += 29_000;
    expect(await cache.get(shop.key.public_key)).toMatchObject({ projectId: shop.project.id });
    now += 2_000;
    expect(await cache.get(shop.key.public_key)).toBeNull();
  });

  it("remembers an unknown key only briefly, so a key created meanwhile works within a second", async () => {
    let now = Date.now();
    const cache = new KeyCache(database.db, 30, { clock: () => now });
    const other = await insertProject(database.db, { name: "other" });
    await database.db.updateTable("project_keys").set({ is_active: 0 }).where("id", "=", other.key.id).execute();
    expect(await cache.get(other.key.public_key)).toBeNull();
    await database.db.updateTable("project_keys").set({ is_active: 1 }).where("id", "=", other.key.id).execute();
    now += 500;
    expect(await cache.get(other.key.public_key)).toBeNull();
    now += 1_000;
    expect(await cache.get(other.key.public_key)).toMatchObject({ projectId: other.project.id });
  });
});
