import { sql } from "kysely";
import { authorizeProjectId, type AccessContext } from "../access/authorize";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** The overview's two views: the last 24 hours by hour, or the last 14 days by (UTC) day. */
export type OverviewRange = "24h" | "14d";

export interface OverviewIssue {
  id: number;
  title: string;
  culprit: string;
  level: string;
  timesSeen: number;
  firstSeen: number;
  lastSeen: number;
  /** Events in the overview's window. */
  windowCount: number;
}

export interface ProjectOverview {
  range: OverviewRange;
  bucketMs: number;
  /** Oldest first, the last bucket the current hour or day: events, and distinct unresolved issues with events. */
  buckets: { start: number; events: number; unresolvedIssues: number }[];
  eventsInWindow: number;
  /** Unresolved issues with at least one event in the window. */
  unresolvedIssuesInWindow: number;
  /** The project's unresolved issues, whenever last seen. */
  unresolvedTotal: number;
  /** Unresolved issues with the most events in the window, most first. */
  topIssues: OverviewIssue[];
  /** Issues first seen in the last 24 hours, newest first (at most 5), and how many there are. */
  newIssues: OverviewIssue[];
  newIssueCount: number;
  /** The newest releases by when the project first saw them. */
  releases: { version: string; firstSeen: number; dateReleased: number | null; newIssues: number }[];
  /** Whether any event was ever digested for the project (otherwise the page waits for the first). */
  hasEvents: boolean;
}

const topCount = 5;

/**
 * What a team opens every morning, from the counters digest keeps (issue_hourly_counts, the issue rows,
 * releases) — never a scan of events. Only issues seen in the window are joined to their hourly counts,
 * through issues_project_last_seen.
 */
export async function getProjectOverview(context: AccessContext, projectId: number, options: { range?: OverviewRange; now?: number } = {}): Promise<ProjectOverview> {
  await authorizeProjectId(context, "project.read", projectId);
  const { db } = context;
  const range = options.range ?? "24h";
  const now = options.now ?? Date.now();
  const bucketMs = range === "24h" ? hourMs : dayMs;
  const bucketCount = range === "24h" ? 24 : 14;
  const lastBucket = now - (now % bucketMs);
  const firstBucket = lastBucket - (bucketCount - 1) * bucketMs;
  const dayAgo = now - dayMs;

  const inWindow = db
    .selectFrom("issue_hourly_counts")
    .innerJoin("issues", "issues.id", "issue_hourly_counts.issue_id")
    .where("issues.project_id", "=", projectId)
    .where("issues.last_seen", ">=", firstBucket)
    .where("issue_hourly_counts.hour", ">=", firstBucket)
    .where("issue_hourly_counts.hour", "<", lastBucket + bucketMs);
  const bucketStart = sql<number>`${sql.ref("issue_hourly_counts.hour")} - (${sql.ref("issue_hourly_counts.hour")} % ${sql.lit(bucketMs)})`;
  const issueColumns = ["issues.id", "issues.title", "issues.culprit", "issues.level", "issues.times_seen", "issues.first_seen", "issues.last_seen"] as const;

  const [bucketRows, unresolvedInWindow, unresolvedTotal, topRows, newRows, newCount, releaseRows, anyIssue] = await Promise.all([
    inWindow
      .select((eb) => [
        bucketStart.as("bucket"),
        eb.fn.sum<number>("issue_hourly_counts.count").as("events"),
        eb.fn.count<number>(eb.case().when("issues.status", "=", "unresolved").then(eb.ref("issues.id")).end()).distinct().as("unresolved"),
      ])
      .groupBy(bucketStart)
      .execute(),
    inWindow
      .where("issues.status", "=", "unresolved")
      .select((eb) => eb.fn.count<number>("issues.id").distinct().as("total"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("issues")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("project_id", "=", projectId)
      .where("status", "=", "unresolved")
      .executeTakeFirstOrThrow(),
    inWindow
      .where("issues.status", "=", "unresolved")
      .select([...issueColumns, (eb) => eb.fn.sum<number>("issue_hourly_counts.count").as("window_count")])
      .groupBy(issueColumns)
      .orderBy("window_count", "desc")
      .orderBy("issues.id", "desc")
      .limit(topCount)
      .execute(),
    db
      .selectFrom("issues")
      .select(["id", "title", "culprit", "level", "times_seen", "first_seen", "last_seen"])
      .where("project_id", "=", projectId)
      .where("status", "!=", "merged")
      .where("first_seen", ">=", dayAgo)
      .orderBy("first_seen", "desc")
      .orderBy("id", "desc")
      .limit(topCount)
      .execute(),
    db
      .selectFrom("issues")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("project_id", "=", projectId)
      .where("status", "!=", "merged")
      .where("first_seen", ">=", dayAgo)
      .executeTakeFirstOrThrow(),
    db.selectFrom("releases").select(["version", "first_seen", "date_released"]).where("project_id", "=", projectId).orderBy("first_seen", "desc").orderBy("version", "desc").limit(topCount).execute(),
    db.selectFrom("issues").select("id").where("project_id", "=", projectId).limit(1).executeTakeFirst(),
  ]);

  const releaseIssueCounts =
    releaseRows.length === 0
      ? []
      : await db
          .selectFrom("issues")
          .select((eb) => ["first_release", eb.fn.countAll<number>().as("total")])
          .where("project_id", "=", projectId)
          .where(
            "first_release",
            "in",
            releaseRows.map((row) => row.version),
          )
          .groupBy("first_release")
          .execute();
  const newIssuesOf = new Map(releaseIssueCounts.map((row) => [row.first_release, Number(row.total)]));

  const byBucket = new Map(bucketRows.map((row) => [Number(row.bucket), row]));
  const buckets = Array.from({ length: bucketCount }, (_, index) => {
    const start = firstBucket + index * bucketMs;
    const row = byBucket.get(start);
    return { start, events: Number(row?.events ?? 0), unresolvedIssues: Number(row?.unresolved ?? 0) };
  });
  return {
    range,
    bucketMs,
    buckets,
    eventsInWindow: buckets.reduce((sum, bucket) => sum + bucket.events, 0),
    unresolvedIssuesInWindow: Number(unresolvedInWindow.total),
    unresolvedTotal: Number(unresolvedTotal.total),
    topIssues: topRows.map((row) => toOverviewIssue(row, Number(row.window_count))),
    newIssues: newRows.map((row) => toOverviewIssue(row, null)),
    newIssueCount: Number(newCount.total),
    releases: releaseRows.map((row) => ({ version: row.version, firstSeen: row.first_seen, dateReleased: row.date_released, newIssues: newIssuesOf.get(row.version) ?? 0 })),
    hasEvents: anyIssue !== undefined,
  };
}

function toOverviewIssue(row: { id: number; title: string; culprit: string; level: string; times_seen: number; first_seen: number; last_seen: number }, windowCount: number | null): OverviewIssue {
  return { id: row.id, title: row.title, culprit: row.culprit, level: row.level, timesSeen: row.times_seen, firstSeen: row.first_seen, lastSeen: row.last_seen, windowCount: windowCount ?? row.times_seen };
}
