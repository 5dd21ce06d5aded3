import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markOverdueCheckIns } from "@/server/monitors/mark-overdue-check-ins";
import { insertProject } from "@/server/projects/insert-project";
import { repositoryRoot } from "../support/run-lantern-cli";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Acceptance 4 of issue 31: two Lantern instances on one PostgreSQL database (tests/support/lantern-instance.ts,
 * each a process running the scheduler behind the "monitors" lease) and 1,000 monitors whose deadlines pass
 * in the same minute: every deadline gives one missed check-in and one event of one cron issue per monitor,
 * also when the instance doing the work is killed (SIGKILL) half way through and the other takes over, and when
 * three more passes race over the next deadline at once.
 */
const monitorCount = 1_000;
const minute = 60_000;

interface Instance {
  pid: number;
  child: ChildProcess;
}

function startInstance(databaseUrl: string): Promise<Instance> {
  const environment: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    DATABASE_URL: databaseUrl,
    LANTERN_URL: "http://lantern.test",
    LANTERN_SELF_MONITORING: "false",
    LANTERN_LEASE_SECONDS: "2",
  };
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/lantern-instance.ts"], { cwd: repositoryRoot, env: environment as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`an instance did not start within 90 s:\n${stderr}`)), 90_000);
    child.once("exit", (code) => reject(new Error(`an instance exited (${code}) before serving:\n${stderr}`)));
    createInterface({ input: child.stdout }).once("line", (line) => {
      clearTimeout(timer);
      const { pid } = JSON.parse(line) as { pid: number };
      resolve({ pid, child });
    });
  });
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("cron deadlines with two instances on one PostgreSQL database", () => {
  let database: TestDatabase;
  let instances: Instance[];

  beforeAll(async () => {
    database = await createTestDatabase();
    instances = await Promise.all([1, 2].map(() => startInstance(database.settings.dialect === "postgres" ? database.settings.url : "")));
  }, 120_000);
  afterAll(async () => {
    for (const instance of instances ?? []) instance.child.kill("SIGKILL");
    await database?.destroy();
  });

  const missedCount = async () => Number((await database.db.selectFrom("monitor_checkins").select(sql<number>`count(*)`.as("n")).where("status", "=", "missed").executeTakeFirstOrThrow()).n);

  it("1,000 monitors (every 5 minutes) due in the same minute: each deadline missed once and counted once on its monitor's issue, through a SIGKILL of the instance at work and three racing passes", { timeout: 150_000 }, async () => {
    const { db } = database;
    const { project } = await insertProject(db, { name: "jobs" });
    const now = Date.now();
    // The deadlines (expected time + a minute's margin) fall within one second, 8 s from now.
    const firstDeadline = now + 8_000;
    const monitors = await db
      .insertInto("monitors")
      .values(Array.from({ length: monitorCount }, (_, index) => ({ project_id: project.id, slug: `job-${index}`, name: `job-${index}`, schedule_type: "interval", schedule: "5", schedule_unit: "minute", checkin_margin: 1, max_runtime: 5, created_at: now, updated_at: now })))
      .returning("id")
      .execute();
    await db
      .insertInto("monitor_environments")
      .values(monitors.map(({ id }, index) => ({ monitor_id: id, project_id: project.id, environment: "production", status: "ok", last_checkin_at: now - minute, next_checkin_at: firstDeadline + index - minute, next_checkin_latest: firstDeadline + index, created_at: now })))
      .execute();

    // The instance holding the lease starts on the deadlines; it is killed as soon as its first batch committed.
    await waitFor(async () => (await missedCount()) > 0, 60_000, "the first missed check-ins were committed");
    const lease = await db.selectFrom("leases").select("holder").where("name", "=", "monitors").executeTakeFirstOrThrow();
    const worker = instances.find((instance) => lease.holder.includes(`:${instance.pid}:`))!;
    expect(worker).toBeDefined();
    worker.child.kill("SIGKILL");
    const killedAt = await missedCount();
    expect(killedAt).toBeLessThanOrEqual(monitorCount);

    // The other instance takes the lease when it runs out and finishes the deadlines.
    await waitFor(async () => (await missedCount()) >= monitorCount, 90_000, "every deadline was marked missed");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await expectEachMissed(1);

    // The next deadline, five minutes on: three passes at once (a stalled holder and a new one overlapping). An
    // interval counts from the minute of the expected time, so each next deadline falls 4–5 minutes later.
    const fiveMinutesOn = firstDeadline + monitorCount + 5 * minute;
    const outcomes = await Promise.all([1, 2, 3].map(() => markOverdueCheckIns(database, fiveMinutesOn)));
    expect(outcomes.reduce((sum, outcome) => sum + outcome.missed, 0)).toBe(monitorCount);
    await expectEachMissed(2);
  });

  async function expectEachMissed(times: number): Promise<void> {
    const { db } = database;
    const perEnvironment = await db.selectFrom("monitor_checkins").select(["monitor_environment_id", sql<number>`count(*)`.as("n")]).where("status", "=", "missed").groupBy("monitor_environment_id").execute();
    expect(perEnvironment).toHaveLength(monitorCount);
    expect(perEnvironment.filter((row) => Number(row.n) !== times)).toEqual([]);
    const issues = await db.selectFrom("issues").select(["title", "times_seen"]).where("type", "=", "monitor_check_in_failure").execute();
    expect(issues).toHaveLength(monitorCount);
    expect(new Set(issues.map((issue) => issue.title)).size).toBe(monitorCount);
    expect(issues.filter((issue) => issue.times_seen !== times)).toEqual([]);
    const events = await db.selectFrom("events").select(sql<number>`count(*)`.as("n")).where("type", "=", "monitor_check_in_failure").executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(monitorCount * times);
    const unlinked = await db.selectFrom("monitor_checkins").select("id").where("status", "=", "missed").where("issue_id", "is", null).execute();
    expect(unlinked).toEqual([]);
  }
});
