import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scheduleBackups } from "./schedule-backups";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("scheduleBackups with several instances", () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "lantern-schedule-"));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it("takes backups only while this instance holds the backups lease, and starts soon after it gets it", async () => {
    let isHeld = false;
    const taken: number[] = [];
    const schedule = scheduleBackups(
      { directory, intervalMs: 100, keep: 10 },
      "postgres",
      async (file) => {
        writeFileSync(file, "backup");
        taken.push(Date.now());
      },
      Date.now,
      { isHeld: () => isHeld, retryMs: 50 },
    );
    try {
      await sleep(600);
      expect(taken, "another instance holds the lease: no backup here").toEqual([]);
      isHeld = true;
      const gotLeaseAt = Date.now();
      while (taken.length < 3 && Date.now() - gotLeaseAt < 5_000) await sleep(20);
      expect(taken.length).toBeGreaterThanOrEqual(3);
      expect(taken[0]! - gotLeaseAt, "the first backup within a retry and an interval").toBeLessThan(1_000);
      isHeld = false;
      const countWhenLost = taken.length;
      await sleep(500);
      expect(taken.length - countWhenLost, "at most the one already under way").toBeLessThanOrEqual(1);
    } finally {
      schedule.stop();
    }
  });
});
