import { expect } from "vitest";
import { listUptimeMonitors } from "@/server/uptime/list-uptime-monitors";
import { getPublicStatusPage } from "@/server/status-page/get-public-status-page";
import { insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { hour, minute, now, projectIdOf, type Upgraded } from "../seed-world";

/**
 * checkout's uptime monitor of its API, shown on its status page: two checks an hour ago (one failed), their
 * hourly sums and a resolved incident. Read back through the list (uptime over 24 h) and the public page.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const checkout = await projectIdOf(target, "checkout");
  const at = now - hour;
  const hourStart = at - (at % hour);
  const monitorId = await insertRowReturningId(target, "uptime_monitors", {
    project_id: checkout,
    name: "Checkout API",
    url: "https://checkout.example.com/health",
    method: "GET",
    headers: JSON.stringify([["Accept", "application/json"]]),
    body: null,
    interval_seconds: 60,
    timeout_ms: 5000,
    environment: "production",
    status: "active",
    next_check_at: now + minute,
    last_check_at: hourStart + minute,
    show_on_status_page: 1,
    created_at: hourStart,
    updated_at: hourStart,
  });
  await insertRow(target, "uptime_checks", { monitor_id: monitorId, scheduled_at: hourStart, checked_at: hourStart, status: "failure", reason: "timeout", http_status: null, duration_ms: 5000 });
  await insertRow(target, "uptime_checks", { monitor_id: monitorId, scheduled_at: hourStart + minute, checked_at: hourStart + minute, status: "success", reason: null, http_status: 200, duration_ms: 80 });
  await insertRow(target, "uptime_check_hours", { monitor_id: monitorId, hour: hourStart, checks: 2, failures: 1, duration_ms_sum: 5080 });
  await insertRow(target, "uptime_incidents", { monitor_id: monitorId, started_at: hourStart, resolved_at: hourStart + minute, reason: "timeout", issue_id: null });
  await insertRow(target, "uptime_status_pages", { project_id: checkout, is_enabled: 1, title: "Checkout status", updated_at: hourStart });
}

export async function check({ database, context }: Upgraded): Promise<void> {
  const monitors = await listUptimeMonitors(context, { projectSlug: "checkout" });
  expect(monitors.map((monitor) => [monitor.name, monitor.headers, monitor.uptime24h, monitor.lastCheck?.httpStatus])).toEqual([["Checkout API", [["Accept", "application/json"]], 0.5, 200]]);
  const page = await getPublicStatusPage(database.db, "checkout");
  expect(page).toMatchObject({ title: "Checkout status", monitors: [{ name: "Checkout API", uptimeStatus: "ok", uptime90d: 0.5, incidents: [{ resolvedAt: expect.any(Number) }] }] });
}
