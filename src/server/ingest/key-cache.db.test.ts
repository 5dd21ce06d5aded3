import { randomBytes } from "node:crypto";
import type { KyselyPlugin } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "@/server/db/migrate";
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

  it("asks the database once for a key however many requests want it within the second, in flight or answered", async () => {
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const cache = new KeyCache(database.db.withPlugin(counting), 30);
    const unknown = randomKey();
    const answers: Promise<unknown>[] = [];
    // Requests arriving over several turns of the event loop: some while the lookup runs, some after.
    for (let turn = 0; turn < 10; turn++) {
      for (let i = 0; i < 5; i++) answers.push(cache.get(unknown), cache.get(shop.key.public_key));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const settled = await Promise.all(answers);
    expect(settled.filter((answer) => answer === null)).toHaveLength(50);
    expect(settled.filter((answer) => answer !== null)).toHaveLength(50);
    // The first turn's two keys share one query; nothing asks again.
    expect(queries).toBe(1);
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

  it("does not remember a failed lookup: the next request asks the database again", async () => {
    const empty = await createTestDatabase({ isEmpty: true });
    try {
      // A stopped clock: nothing expires, so only a failure forgotten at once lets the key be found below.
      const now = Date.now();
      const cache = new KeyCache(empty.db, 30, { clock: () => now });
      const wanted = randomKey();
      // No tables yet: the query fails, and the failure reaches the request (ingest answers 500).
      await expect(cache.get(wanted)).rejects.toThrow();
      await migrateToLatest(empty.db);
      const project = await insertProject(empty.db, { name: "late" });
      await empty.db.updateTable("project_keys").set({ public_key: wanted }).where("id", "=", project.key.id).execute();
      expect(await cache.get(wanted)).toMatchObject({ projectId: project.project.id });
    } finally {
      await empty.destroy();
    }
  });

  it("refuses a key that cannot be one without a query, and caches nothing for it", async () => {
    const cache = new KeyCache(database.db, 30);
    expect(await cache.get("x".repeat(65))).toBeNull();
    expect(await cache.get("not-a-key!")).toBeNull();
    expect(cache.size).toBe(0);
  });
});
