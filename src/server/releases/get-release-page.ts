import { sql } from "kysely";
import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { querySessions } from "../sessions/query-sessions";
import type { SessionsRequest } from "../sessions/parse-sessions-request";
import { releaseHealthWindowMs } from "./load-release-health";
import type { ReleasePage, ReleaseIssue } from "@/lib/views/releases";
export type { ReleasePage, ReleaseIssue } from "@/lib/views/releases";

const dayMs = 86_400_000;
const adoptionWindowMs = dayMs;
const maxIssuesPerList = 25;

/**
 * One release of a project, as its page shows it: events and sessions per day over the last 14 days, the
 * issues it introduced, brought back (a regression recorded in that release) and resolved (resolved in that
 * release), its deploys per environment, and its health: sessions, crash-free sessions and users over 14 days
 * and adoption (its share of the project's sessions in the last 24 hours), all from the hourly counters.
 */
export async function getReleasePage(context: AccessContext, projectId: number, version: string, options: { now?: number } = {}): Promise<ReleasePage> {
  await authorizeProjectId(context, "release.list", projectId);
  const { db } = context;
  const release = await db.selectFrom("releases").select(["version", "first_seen", "date_released"]).where("project_id", "=", projectId).where("version", "=", version).executeTakeFirst();
  if (!release) throw new AppError("not_found", `No release is called "${version.slice(0, 200)}" in this project.`);
  const now = options.now ?? Date.now();
  const end = now - (now % dayMs) + dayMs;
  const start = end - releaseHealthWindowMs;
  const sessionsOf = (request: Partial<SessionsRequest>) =>
    querySessions(context, { fields: ["sum(session)"], groupBy: [], start, end, intervalMs: dayMs, projectIds: [projectId], environments: [], releases: [version], includeTotals: true, includeSeries: true, query: "", ...request });
  const adoptionStart = now - (now % 3_600_000) - adoptionWindowMs + 3_600_000;
  const adoptionEnd = adoptionStart + adoptionWindowMs;
  const [health, overall, recent, projectRecent, eventRows, newIssues, changes, deploys] = await Promise.all([
    sessionsOf({ groupBy: ["session.status"] }),
    sessionsOf({ fields: ["count_unique(user)", "crash_free_rate(user)"], includeSeries: false }),
    sessionsOf({ start: adoptionStart, end: adoptionEnd, intervalMs: adoptionWindowMs, includeSeries: false }),
    sessionsOf({ start: adoptionStart, end: adoptionEnd, intervalMs: adoptionWindowMs, includeSeries: false, releases: [] }),
    db
      .selectFrom("events")
      // A literal, not a parameter: PostgreSQL matches the grouped expression to the selected one by its text.
      .select([sql<number>`received_at - (received_at % ${sql.lit(dayMs)})`.as("day"), (eb) => eb.fn.countAll<number>().as("count")])
      .where("project_id", "=", projectId)
      .where("release", "=", version)
      .where("received_at", ">=", start)
      .groupBy(sql`received_at - (received_at % ${sql.lit(dayMs)})`)
      .execute(),
    issueRows(context, projectId).where("first_release", "=", version).orderBy("last_seen", "desc").limit(maxIssuesPerList).execute(),
    issueRows(context, projectId)
      .innerJoin("issue_activity", "issue_activity.issue_id", "issues.id")
      .select(["issue_activity.kind", "issue_activity.data"])
      .where("issue_activity.kind", "in", ["set_regression", "set_resolved_in_release"])
      .where("issue_activity.data", "like", `%${JSON.stringify(version).slice(1, -1).replace(/[%_\\]/g, "\\$&")}%`)
      .orderBy("issue_activity.created_at", "desc")
      .limit(500)
      .execute(),
    db.selectFrom("release_deploys").select(["environment", "name", "url", "date_finished"]).where("project_id", "=", projectId).where("version", "=", version).orderBy("date_finished", "desc").orderBy("id", "desc").limit(200).execute(),
  ]);

  const totalsOf = (status: string) => health.groups.find((group) => group.by["session.status"] === status)?.totals ?? {};
  const sessions = ["healthy", "errored", "crashed", "abnormal"].reduce((sum, status) => sum + Number(totalsOf(status)["sum(session)"] ?? 0), 0);
  const crashed = Number(totalsOf("crashed")["sum(session)"] ?? 0);
  const users = Number(overall.groups[0]?.totals["count_unique(user)"] ?? 0);
  const recentSessions = Number(recent.groups[0]?.totals["sum(session)"] ?? 0);
  const projectSessions = Number(projectRecent.groups[0]?.totals["sum(session)"] ?? 0);
  const sessionSeries = Array.from({ length: health.intervals.length }, (_, index) =>
    health.groups.reduce((sum, group) => sum + Number(group.series["sum(session)"]?.[index] ?? 0), 0),
  );
  const eventsPerDay = new Map(eventRows.map((row) => [Number(row.day), Number(row.count)]));

  const regressed = new Map<number, ReleaseIssue>();
  const resolved = new Map<number, ReleaseIssue>();
  for (const row of changes) {
    const data = row.data ? (JSON.parse(row.data) as { release?: unknown }) : {};
    if (data.release !== version) continue;
    const into = row.kind === "set_regression" ? regressed : resolved;
    if (!into.has(row.id) && into.size < maxIssuesPerList) into.set(row.id, toIssue(row));
  }
  const deploysByEnvironment = new Map<string, ReleasePage["deploys"][number]>();
  for (const deploy of deploys) {
    const of = deploysByEnvironment.get(deploy.environment);
    if (of) of.count += 1;
    else deploysByEnvironment.set(deploy.environment, { environment: deploy.environment, name: deploy.name, url: deploy.url, finishedAt: Number(deploy.date_finished), count: 1 });
  }
  return {
    version: release.version,
    firstSeen: Number(release.first_seen),
    dateReleased: release.date_released === null ? null : Number(release.date_released),
    days: Array.from({ length: (end - start) / dayMs }, (_, index) => {
      const day = start + index * dayMs;
      return { start: day, events: eventsPerDay.get(day) ?? 0, sessions: sessionSeries[index] ?? 0 };
    }),
    health:
      sessions === 0
        ? null
        : {
            sessions,
            crashed,
            errored: Number(totalsOf("errored")["sum(session)"] ?? 0),
            abnormal: Number(totalsOf("abnormal")["sum(session)"] ?? 0),
            crashFreeRate: 1 - crashed / sessions,
            users,
            crashFreeUserRate: (overall.groups[0]?.totals["crash_free_rate(user)"] as number | null | undefined) ?? null,
            adoption: projectSessions > 0 ? Math.min(1, recentSessions / projectSessions) : 0,
          },
    newIssues: newIssues.map(toIssue),
    regressedIssues: [...regressed.values()],
    resolvedIssues: [...resolved.values()],
    deploys: [...deploysByEnvironment.values()].sort((a, b) => a.environment.localeCompare(b.environment)),
  };
}

function issueRows(context: AccessContext, projectId: number) {
  return context.db
    .selectFrom("issues")
    .select(["issues.id", "issues.title", "issues.culprit", "issues.level", "issues.status", "issues.times_seen", "issues.users_seen", "issues.last_seen"])
    .where("issues.project_id", "=", projectId)
    .where("issues.status", "!=", "merged");
}

function toIssue(row: { id: number; title: string; culprit: string; level: string; status: string; times_seen: number; users_seen: number; last_seen: number }): ReleaseIssue {
  return { id: Number(row.id), title: row.title, culprit: row.culprit, level: row.level, status: row.status, timesSeen: Number(row.times_seen), usersSeen: Number(row.users_seen), lastSeen: Number(row.last_seen) };
}
