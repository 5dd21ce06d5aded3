import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import type { LanternDatabase } from "../db/create-database";
import { SharedRateLimiter } from "./shared-rate-limiter";

/** Three instances' limiters, each on its own connection pool to one database. */
describe("SharedRateLimiter (PostgreSQL)", () => {
  let database: TestDatabase;
  let others: LanternDatabase[];
  beforeEach(async () => {
    database = await createTestDatabase();
    others = [database.reopen(), database.reopen()];
  });
  afterEach(async () => {
    for (const other of others) await other.close();
    await database.destroy();
  });

  it("allows a key exactly its limit across three instances asking at the same time, and answers the rest with the seconds left", async () => {
    const limiters = [database, ...others].map((target) => new SharedRateLimiter(target.db));
    const limit = { count: 200, windowSeconds: 3600 };
    // 600 uses round-robin, in waves of 30 per instance, as concurrent requests arrive.
    const answers: number[] = [];
    for (let wave = 0; wave < 20; wave += 1) {
      answers.push(...(await Promise.all(Array.from({ length: 30 }, (_, index) => limiters[index % 3]!.take("key-a", "error", limit)))));
    }
    expect(answers.filter((wait) => wait === 0)).toHaveLength(200);
    const waits = answers.filter((wait) => wait > 0);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...waits)).toBeLessThanOrEqual(3600);
    // Other keys and categories count apart.
    expect(await limiters[0]!.take("key-b", "error", limit)).toBe(0);
    expect(await limiters[1]!.take("key-a", "transaction", limit)).toBe(0);
  });

  it("refuses a full window from memory, without a query, and counts again from zero in the next window", async () => {
    const limiter = new SharedRateLimiter(database.db);
    const limit = { count: 3, windowSeconds: 1 };
    // Start just after a window begins, so the four uses below fall into one window.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
    expect(await Promise.all([1, 2, 3, 4].map(() => limiter.take("key-a", "error", limit)))).toEqual([0, 0, 0, 1]);
    const refusedFromMemory = limiter.take("key-a", "error", limit);
    expect(typeof refusedFromMemory).toBe("number");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limiter.take("key-a", "error", limit)).toBe(0);
    const row = await database.db.selectFrom("rate_limit_windows").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ public_key: "key-a", category: "error", used: 1 });
  });
});
