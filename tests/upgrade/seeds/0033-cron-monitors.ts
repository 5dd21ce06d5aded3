import { expect } from "vitest";
import { markOverdueCheckIns } from "@/server/monitors/mark-overdue-check-ins";
import { insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { hour, minute, now, projectIdOf, type Upgraded } from "../seed-world";

/**
 * A checkout cron monitor as 0033 stores it: hourly, its last ok check-in an hour and a half ago, so its next
 * one (an hour later, plus a minute's margin) is overdue. After the upgrade the scheduler marks that one missed
 * and opens the monitor's cron issue.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const checkout = await projectIdOf(target, "checkout");
  const lastAt = now - hour - 30 * minute;
  const monitorId = await insertRowReturningId(target, "monitors", {
    project_id: checkout, slug: "nightly-export", name: "nightly-export", status: "active", is_muted: 0, schedule_type: "interval", schedule: "1", schedule_unit: "hour",
    checkin_margin: 1, max_runtime: 30, timezone: "UTC", failure_issue_threshold: 1, recovery_threshold: 1, owner: null, created_at: lastAt, updated_at: lastAt,
  });
  const next = lastAt - (lastAt % minute) + hour;
  const environmentId = await insertRowReturningId(target, "monitor_environments", {
    monitor_id: monitorId, project_id: checkout, environment: "production", status: "ok", is_muted: 0, last_checkin_at: lastAt, next_checkin_at: next, next_checkin_latest: next + minute,
    failures: 0, recoveries: 0, incident_started_at: null, created_at: lastAt,
  });
  await insertRow(target, "monitor_checkins", {
    monitor_id: monitorId, monitor_environment_id: environmentId, project_id: checkout, check_in_id: "a".repeat(32), status: "ok", duration_ms: 1200, date_added: lastAt, date_updated: lastAt,
    date_in_progress: null, expected_time: null, timeout_at: null, trace_id: null, release: null, issue_id: null,
  });
}

export async function check({ database }: Upgraded): Promise<void> {
  const outcome = await markOverdueCheckIns(database);
  expect(outcome).toMatchObject({ missed: 1, timedOut: 0, issueEvents: 1 });
  const checkIns = await database.db.selectFrom("monitor_checkins").select(["status", "issue_id"]).orderBy("date_added").execute();
  expect(checkIns.map((checkIn) => checkIn.status)).toEqual(["ok", "missed"]);
  const issue = await database.db.selectFrom("issues").select(["title", "type", "status"]).where("id", "=", Number(checkIns[1]!.issue_id)).executeTakeFirstOrThrow();
  expect(issue).toEqual({ title: "Cron failure: nightly-export", type: "monitor_check_in_failure", status: "unresolved" });
}
