import { systemContext } from "../../src/server/access/system-context";
import { loadConfig } from "../../src/server/config";
import { createMonitor } from "../../src/server/monitors/create-monitor";
import { openLanternDatabase } from "./lantern-database";
import { e2eServerEnvironment } from "./server";

export interface SeededCheckIn {
  status: "ok" | "error" | "missed" | "timeout" | "in_progress";
  /** How long ago it arrived. */
  agoMs: number;
  durationMs?: number | null;
}

/**
 * Check-ins of a monitor in one environment, written to the running server's database as the check-in ingest
 * stores them (an environment row with its state, one narrow row per check-in). Until the ingest of issue 31
 * lands on this branch the pages are fed this way; the monitor itself is made by Lantern's own verb.
 */
export async function seedCheckIns(projectSlug: string, monitorSlug: string, environment: string, checkIns: SeededCheckIn[]): Promise<void> {
  const database = openLanternDatabase();
  try {
    const monitor = await database.db.selectFrom("monitors").innerJoin("projects", "projects.id", "monitors.project_id").select(["monitors.id", "monitors.project_id"]).where("projects.slug", "=", projectSlug).where("monitors.slug", "=", monitorSlug).executeTakeFirstOrThrow();
    const now = Date.now();
    const last = Math.min(...checkIns.map((checkIn) => checkIn.agoMs));
    const row = await database.db
      .insertInto("monitor_environments")
      .values({ monitor_id: monitor.id, project_id: monitor.project_id, environment, status: checkIns.some((checkIn) => checkIn.status === "error") ? "error" : "ok", last_checkin_at: now - last, next_checkin_at: now + 300_000, next_checkin_latest: now + 360_000, created_at: now - 86_400_000 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto("monitor_checkins")
      .values(
        checkIns.map((checkIn, index) => ({
          monitor_id: monitor.id,
          monitor_environment_id: row.id,
          project_id: monitor.project_id,
          check_in_id: `${(now + index).toString(16)}`.padStart(32, "0"),
          status: checkIn.status,
          duration_ms: checkIn.durationMs ?? null,
          date_added: now - checkIn.agoMs,
          date_updated: now - checkIn.agoMs,
          expected_time: now - checkIn.agoMs,
        })),
      )
      .execute();
  } finally {
    await database.close();
  }
}

/** A crontab monitor made through Lantern's own verb (what the Crons page's form calls), with check-ins in production. */
export async function seedMonitor(projectSlug: string, name: string): Promise<string> {
  const database = openLanternDatabase();
  let slug: string;
  try {
    const context = systemContext(database, loadConfig(e2eServerEnvironment));
    slug = (await createMonitor(context, { projectSlug, changes: { name, scheduleType: "crontab", crontab: "*/5 * * * *" } })).slug;
  } finally {
    await database.close();
  }
  await seedCheckIns(projectSlug, slug, "production", [
    { status: "ok", agoMs: 300_000, durationMs: 1_200 },
    { status: "error", agoMs: 3_600_000, durationMs: 800 },
    { status: "missed", agoMs: 7_200_000 },
    { status: "timeout", agoMs: 10_800_000 },
  ]);
  return slug;
}
