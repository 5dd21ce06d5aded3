import { sql } from "kysely";
import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { querySessions } from "../sessions/query-sessions";
import type { SessionsRequest } from "../sessions/parse-sessions-request";
import { listReleaseIssues } from "./list-release-issues";
import { releaseHealthWindowMs } from "./load-release-health";
import type { IssueListItem } from "@/lib/views/issues";
import type { ReleasePage, ReleaseIssue } from "@/lib/views/releases";
export type { ReleasePage, ReleaseIssue } from "@/lib/views/releases";

const dayMs = 86_400_000;
const adoptionWindowMs = dayMs;
const maxIssuesPerList = 25;

/**
 * One release of a project, as its page shows it: events and sessions per day over the last 14 days, the
 * issues it introduced, brought back and resolved (as `listReleaseIssues` decides them), its deploys per
 * environment, and its health: sessions, crash-free sessions and users over 14 days
 * and adoption (its share of the project's sessions in the last 24 hours), all from the hourly counters.
 * With an environment (the header's picker), every number, list and deploy is that environment's.
 */
export async function getReleasePage(context: AccessContext, projectId: number, version: string, options: { now?: number; environment?: string | null } = {}): Promise<ReleasePage> {
  await authorizeProjectId(context, "release.list", projectId);
  const { db } = context;
  const release = await db.selectFrom("releases").select(["version", "first_seen", "date_released"]).where("project_id", "=", projectId).where("version", "=", version).executeTakeFirst();
  if (!release) throw new AppError("not_found", `No release is called "${version.slice(0, 200)}" in this project.`);
  const now = options.now ?? Date.now();
  const environment = options.environment ?? null;
  const end = now - (now % dayMs) + dayMs;
  const start = end - releaseHealthWindowMs;
  const sessionsOf = (request: Partial<SessionsRequest>) =>
    querySessions(context, { fields: ["sum(session)"], groupBy: [], start, end, intervalMs: dayMs, projectIds: [projectId], environments: environment === null ? [] : [environment], releases: [version], includeTotals: true, includeSeries: true, query: "", ...request });
  const adoptionStart = now - (now % 3_600_000) - adoptionWindowMs + 3_600_000;
  const adoptionEnd = adoptionStart + adoptionWindowMs;
  const [health, overall, recent, projectRecent, eventRows, newIssues, regressedIssues, resolvedIssues, deploys] = await Promise.all([
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
      .$if(environment !== null, (query) => query.where("environment", "=", environment))
      .groupBy(sql`received_at - (received_at % ${sql.lit(dayMs)})`)
      .execute(),
    listReleaseIssues(context, { projectId, version, kind: "new", environment }),
    listReleaseIssues(context, { projectId, version, kind: "regressed", environment }),
    listReleaseIssues(context, { projectId, version, kind: "resolved", environment }),
    db
      .selectFrom("release_deploys")
      .select(["environment", "name", "url", "date_finished"])
      .where("project_id", "=", projectId)
      .where("version", "=", version)
      .$if(environment !== null, (query) => query.where("environment", "=", environment)).orderBy("date_finished", "desc").orderBy("id", "desc").limit(200).execute(),
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
    newIssues: newIssues.slice(0, maxIssuesPerList).map(toReleaseIssue),
    regressedIssues: regressedIssues.slice(0, maxIssuesPerList).map(toReleaseIssue),
    resolvedIssues: resolvedIssues.slice(0, maxIssuesPerList).map(toReleaseIssue),
    deploys: [...deploysByEnvironment.values()].sort((a, b) => a.environment.localeCompare(b.environment)),
  };
}

function toReleaseIssue(issue: IssueListItem): ReleaseIssue {
  return { id: issue.id, title: issue.title, culprit: issue.culprit, level: issue.level, status: issue.status, timesSeen: issue.timesSeen, usersSeen: issue.usersSeen, lastSeen: issue.lastSeen };
}
