import { authorize, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import type { ProjectWithStats } from "@/lib/views/projects";
export type { ProjectWithStats } from "@/lib/views/projects";

const hourMs = 3_600_000;
export const volumeHours = 24;

/**
 * Every project (the user's by name, then Lantern's own) with its unresolved issues and its events per hour
 * over the last 24 hours — from digest's counters only (`issues`, `issue_hourly_counts`), never the events.
 */
export async function listProjectsWithStats(context: AccessContext, now = Date.now()): Promise<ProjectWithStats[]> {
  authorize(context, "project.list");
  const { db } = context;
  const visible = visibleProjectIds(context.viewer);
  const lastHour = now - (now % hourMs);
  const firstHour = lastHour - (volumeHours - 1) * hourMs;
  const [projects, unresolved, volume] = await Promise.all([
    db
      .selectFrom("projects")
      .select(["id", "slug", "name", "platform", "is_internal"])
      .$if(visible !== null, (query) => query.where("id", "in", visible!.length > 0 ? visible! : [-1]))
      .orderBy("is_internal")
      .orderBy("name")
      .execute(),
    db
      .selectFrom("issues")
      .select((eb) => ["project_id", eb.fn.countAll<number | string>().as("count")])
      .where("status", "=", "unresolved")
      .groupBy("project_id")
      .execute(),
    db
      .selectFrom("issue_hourly_counts")
      .innerJoin("issues", "issues.id", "issue_hourly_counts.issue_id")
      .select((eb) => ["issues.project_id", "issue_hourly_counts.hour", eb.fn.sum<number | string>("issue_hourly_counts.count").as("count")])
      // Hours are bucketed by event timestamp and last_seen is the newest timestamp, so an issue with an
      // hour in the window was last seen in it: the condition lets the index on last_seen skip quiet issues.
      .where("issues.last_seen", ">=", firstHour)
      .where("issue_hourly_counts.hour", ">=", firstHour)
      .where("issue_hourly_counts.hour", "<=", lastHour)
      .groupBy(["issues.project_id", "issue_hourly_counts.hour"])
      .execute(),
  ]);
  const unresolvedByProject = new Map(unresolved.map((row) => [row.project_id, Number(row.count)]));
  const hourlyByProject = new Map<number, number[]>();
  for (const row of volume) {
    let hourly = hourlyByProject.get(row.project_id);
    if (!hourly) hourlyByProject.set(row.project_id, (hourly = new Array<number>(volumeHours).fill(0)));
    const index = Math.floor((Number(row.hour) - firstHour) / hourMs);
    hourly[index] = (hourly[index] ?? 0) + Number(row.count);
  }
  return projects.map((project) => {
    const hourlyEvents = hourlyByProject.get(project.id) ?? new Array<number>(volumeHours).fill(0);
    return {
      id: project.id,
      slug: project.slug,
      name: project.name,
      platform: project.platform,
      isInternal: project.is_internal === 1,
      unresolvedIssues: unresolvedByProject.get(project.id) ?? 0,
      hourlyEvents,
      eventsLast24h: hourlyEvents.reduce((total, count) => total + count, 0),
    };
  });
}
