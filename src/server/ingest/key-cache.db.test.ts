import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { KeyCache, maxKnownKeys, maxRecentLookups } from "./key-cache";

const randomKey = () => randomBytes(16).toString("hex");

describe(`KeyCache on ${testDialect}`, () => {
  let database: TestDatabase;
  let shop: CreatedProject;
  beforeEach(async () => {
    database = await createTestDatabase();
    shop = await insertProject(database.db, { name: "shop" });
  });
  afterEach(() => database.destroy());

  it("looks a key up once however many requests ask for it at the same time", async () => {
    const cache = new KeyCache(database.db, 30);
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get(shop.key.public_key)));
    // One lookup: every request got the very object it made.
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatchObject({ projectId: shop.project.id, publicKey: shop.key.public_key });
  });

  it("answers each of many keys asked for at once, found or not (they share a query)", async () => {
    const cache = new KeyCache(database.db, 30);
    const other = await insertProject(database.db, { name: "other" });
    const keys = [shop.key.public_key, ...Array.from({ length: 300 }, randomKey), other.key.public_key];
    const answers = await Promise.all(keys.map((key) => cache.get(key)));
    expect(answers[0]).toMatchObject({ projectId: shop.project.id });
    expect(answers.at(-1)).toMatchObject({ projectId: other.project.id });
    expect(answers.slice(1, -1).every((answer) => answer === null)).toBe(true);
  });

  it("keeps serving a real key from memory through a flood of random keys, within its bound", async () => {
    const cache = new KeyCache(database.db, 30);
    expect(await cache.get(shop.key.public_key)).toMatchObject({ projectId: shop.project.id });
    // Deleting the key proves the answer after the flood still comes from the cache: the flood evicted nothing of it.
    await database.db.deleteFrom("project_keys").where("id", "=", shop.key.id).execute();
    let largest = 0;
    for (let i = 0; i < 20; i++) {
      // More keys at once than the negative cache holds: lookups evicted while running still answer.
      const answers = await Promise.all(Array.from({ length: maxRecentLookups * 2 }, () => cache.get(randomKey())));
      expect(answers.every((answer) => answer === null)).toBe(true);
      largest = Math.max(largest, cache.size);
    }
    expect(largest).toBeLessThanOrEqual(1 + maxRecentLookups);
    expect(await cache.get(shop.key.public_key)).toMatchObject({ projectId: shop.project.id });
  });

  it("holds no more known keys than its bound when more real keys than that are in use", async () => {
    const keys = Array.from({ length: maxKnownKeys + 2_000 }, randomKey);
    for (let start = 0; start < keys.length; start += 1_000) {
      const rows = keys.slice(start, start + 1_000).map((public_key) => ({ project_id: shop.project.id, public_key, label: "device", created_at: Date.now() }));
      await database.db.insertInto("project_keys").values(rows).execute();
    }
    const cache = new KeyCache(database.db, 30);
    let largest = 0;
    for (let start = 0; start < keys.length; start += 500) {
      const answers = await Promise.all(keys.slice(start, start + 500).map((key) => cache.get(key)));
      expect(answers.every((answer) => answer?.projectId === shop.project.id)).toBe(true);
      largest = Math.max(largest, cache.size);
    }
    // Known keys plus the last second's lookups, which also hold found keys.
    expect(largest).toBeLessThanOrEqual(maxKnownKeys + maxRecentLookups);
    expect(largest).toBeGreaterThanOrEqual(maxKnownKeys);
  });

  it("refuses a key that cannot be one without a query, and caches nothing for it", async () => {
    const cache = new KeyCache(database.db, 30);
    expect(await cache.get("x".repeat(65))).toBeNull();
    expect(await cache.get("not-a-key!")).toBeNull();
    expect(cache.size).toBe(0);
  });
});
