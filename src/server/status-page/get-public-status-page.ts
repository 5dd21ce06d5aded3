import type { Kysely } from "kysely";
import type { PublicStatusPage } from "@/lib/views/uptime";
import type { Database } from "../db/schema";
import { dayMs } from "../uptime/read-uptime-stats";

/**
 * A project's public status page, for anyone (no sign-in): null unless the project has turned it on, so a
 * disabled page is the same 404 as an unknown one. It names only the monitors marked "show on status page",
 * by name (never URL, headers or body), with their current status, uptime over 90 days and 90 days of incidents.
 */
export async function getPublicStatusPage(db: Kysely<Database>, projectSlug: string, now = Date.now()): Promise<PublicStatusPage | null> {
  const page = await db
    .selectFrom("uptime_status_pages")
    .innerJoin("projects", "projects.id", "uptime_status_pages.project_id")
    .select(["uptime_status_pages.project_id", "uptime_status_pages.title"])
    .where("projects.slug", "=", projectSlug)
    .where("uptime_status_pages.is_enabled", "=", 1)
    .executeTakeFirst();
  if (!page) return null;
  const since = now - 90 * dayMs;
  const monitors = await db
    .selectFrom("uptime_monitors")
    .select(["id", "name", "uptime_status"])
    .where("project_id", "=", page.project_id)
    .where("show_on_status_page", "=", 1)
    .orderBy("name")
    .limit(100)
    .execute();
  const ids = monitors.map((monitor) => Number(monitor.id));
  const incidents = ids.length === 0 ? [] : await db.selectFrom("uptime_incidents").select(["monitor_id", "started_at", "resolved_at"]).where("monitor_id", "in", ids).where((eb) => eb.or([eb("resolved_at", "is", null), eb("resolved_at", ">=", since)])).orderBy("started_at", "desc").limit(1000).execute();
  const sums = ids.length === 0 ? [] : await db.selectFrom("uptime_check_hours").select((eb) => ["monitor_id", eb.fn.sum<number>("checks").as("checks"), eb.fn.sum<number>("failures").as("failures")]).where("monitor_id", "in", ids).where("hour", ">=", since).groupBy("monitor_id").execute();
  return {
    title: page.title,
    monitors: monitors.map((monitor) => {
      const sum = sums.find((row) => Number(row.monitor_id) === Number(monitor.id));
      const checks = Number(sum?.checks ?? 0);
      return {
        name: monitor.name,
        uptimeStatus: monitor.uptime_status === "failed" ? "failed" : "ok",
        uptime90d: checks > 0 ? (checks - Number(sum?.failures ?? 0)) / checks : null,
        incidents: incidents.filter((incident) => Number(incident.monitor_id) === Number(monitor.id)).map((incident) => ({ startedAt: Number(incident.started_at), resolvedAt: incident.resolved_at === null ? null : Number(incident.resolved_at) })),
      };
    }),
  };
}
