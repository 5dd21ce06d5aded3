import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { JobLease } from "./job-lease";
import { releaseLease, takeLease } from "./take-lease";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`leases on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  const expiresAt = async (name: string) => (await database.db.selectFrom("leases").select("expires_at").where("name", "=", name).executeTakeFirstOrThrow()).expires_at;

  it("belong to one holder until they run out, are renewed by it, and go to the next asker once run out", async () => {
    expect(await takeLease(database, { name: "housekeeping", holder: "a", ttlMs: 400 })).toBe(true);
    expect(await takeLease(database, { name: "housekeeping", holder: "b", ttlMs: 400 })).toBe(false);
    // Another job's lease is separate.
    expect(await takeLease(database, { name: "backups", holder: "b", ttlMs: 400 })).toBe(true);
    const first = await expiresAt("housekeeping");
    await sleep(20);
    expect(await takeLease(database, { name: "housekeeping", holder: "a", ttlMs: 400 })).toBe(true);
    expect(await expiresAt("housekeeping")).toBeGreaterThan(first);
    await sleep(450);
    expect(await takeLease(database, { name: "housekeeping", holder: "b", ttlMs: 400 })).toBe(true);
    expect(await takeLease(database, { name: "housekeeping", holder: "a", ttlMs: 400 })).toBe(false);
  });

  it("go to the next asker at once when released, and a release by another holder changes nothing", async () => {
    expect(await takeLease(database, { name: "housekeeping", holder: "a", ttlMs: 60_000 })).toBe(true);
    await releaseLease(database, { name: "housekeeping", holder: "b" });
    expect(await takeLease(database, { name: "housekeeping", holder: "b", ttlMs: 60_000 })).toBe(false);
    await releaseLease(database, { name: "housekeeping", holder: "a" });
    expect(await takeLease(database, { name: "housekeeping", holder: "b", ttlMs: 60_000 })).toBe(true);
  });

  it("have exactly one winner when many ask at the same moment", async () => {
    // Two connections on PostgreSQL; SQLite's second connection would wait for the lock synchronously, on
    // the very thread whose first connection holds it, so there one connection takes all the asks.
    const second = testDialect === "postgres" ? database.reopen() : database;
    try {
      const askers = Array.from({ length: 12 }, (_, index) => takeLease(index % 2 === 0 ? database : second, { name: "housekeeping", holder: `instance-${index}`, ttlMs: 60_000 }));
      const answers = await Promise.all(askers);
      expect(answers.filter(Boolean)).toHaveLength(1);
      const row = await database.db.selectFrom("leases").select("holder").executeTakeFirstOrThrow();
      expect(row.holder).toBe(`instance-${answers.indexOf(true)}`);
    } finally {
      if (second !== database) await second.close();
    }
  });

  it("JobLease: one of two keepers holds the job, and the other takes it over after the holder stops asking", async () => {
    const first = new JobLease(database, "housekeeping", 300, "first");
    const second = new JobLease(database, "housekeeping", 300, "second");
    first.start();
    expect(await first.isHeldNow()).toBe(true);
    second.start();
    expect(await second.isHeldNow()).toBe(false);
    // Renewed every 100 ms: still the first's after several lifetimes.
    await sleep(700);
    expect([first.isHeld, second.isHeld]).toEqual([true, false]);
    // A holder that dies stops renewing (here: its timer stops, without the release a clean stop does).
    (first as unknown as { timer: NodeJS.Timeout }).timer.close();
    const stoppedAt = Date.now();
    while (!second.isHeld) {
      expect(Date.now() - stoppedAt, "taken over within a lifetime and a third").toBeLessThan(300 + 100 + 200);
      await sleep(10);
    }
    await second.stop();
    expect(await database.db.selectFrom("leases").select("holder").execute()).toEqual([]);
  });
});
