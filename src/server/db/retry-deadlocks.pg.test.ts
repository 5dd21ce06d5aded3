import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertProject } from "@/server/projects/insert-project";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import type { LanternDatabase } from "./create-database";
import { retryDeadlocks } from "./retry-deadlocks";
import { writeTransaction } from "./write-transaction";

/** Resolves once `count` callers have arrived: both transactions hold their first lock before either asks for its second. */
function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let release!: () => void;
  const allHere = new Promise<void>((resolve) => (release = resolve));
  return () => {
    arrived += 1;
    if (arrived === count) release();
    return allHere;
  };
}

describe("retryDeadlocks (PostgreSQL)", () => {
  let database: TestDatabase;
  let second: LanternDatabase;
  let projectIds: [number, number];

  beforeEach(async () => {
    database = await createTestDatabase();
    second = database.reopen();
    projectIds = [(await insertProject(database.db, { name: "first" })).project.id, (await insertProject(database.db, { name: "second" })).project.id];
  });

  afterEach(async () => {
    await second.close();
    await database.destroy();
  });

  /** Two transactions that lock the same two rows from opposite ends, meeting in the middle on their first attempt. */
  function crossedTransactions(wrap: (target: LanternDatabase, transaction: () => Promise<string>) => Promise<string>) {
    const bothHoldOne = barrier(2);
    const attempts: [number, number] = [0, 0];
    const run = (index: 0 | 1, target: LanternDatabase) =>
      wrap(target, () =>
        writeTransaction(target, async (trx) => {
          attempts[index] += 1;
          const [firstId, secondId] = index === 0 ? projectIds : [projectIds[1], projectIds[0]];
          await trx.updateTable("projects").set({ name: `locked by ${index}` }).where("id", "=", firstId).execute();
          if (attempts[index] === 1) await bothHoldOne();
          await trx.updateTable("projects").set({ name: `renamed by ${index}` }).where("id", "=", secondId).execute();
          return `transaction ${index}`;
        }),
      );
    return { outcomes: Promise.allSettled([run(0, database), run(1, second)]), attempts };
  }

  it("runs the transaction PostgreSQL aborted as a deadlock's victim again, so both commit", async () => {
    const { outcomes, attempts } = crossedTransactions((target, transaction) => retryDeadlocks(target, transaction));
    const settled = await outcomes;
    expect(settled.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled"]);
    // One of the two was the victim and ran twice; the other committed at its first attempt.
    expect([...attempts].sort()).toEqual([1, 2]);
    const victim = attempts.indexOf(2);
    const names = await database.db.selectFrom("projects").select("name").where("id", "in", projectIds).orderBy("id").execute();
    // The victim's second run is the last writer of both rows.
    expect(names.map((row) => row.name)).toEqual(victim === 0 ? ["locked by 0", "renamed by 0"] : ["renamed by 1", "locked by 1"]);
  });

  it("without it, the victim fails with PostgreSQL's deadlock error (what the retry answers)", async () => {
    const { outcomes } = crossedTransactions((_target, transaction) => transaction());
    const settled = await outcomes;
    const rejected = settled.filter((outcome) => outcome.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({ code: "40P01" });
  });

  it("does not run again a transaction that failed for another reason", async () => {
    let attempts = 0;
    await expect(
      retryDeadlocks(database, async () => {
        attempts += 1;
        throw Object.assign(new Error("unique violation"), { code: "23505" });
      }),
    ).rejects.toThrow("unique violation");
    expect(attempts).toBe(1);
  });
});
