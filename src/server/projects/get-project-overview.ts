import { sql } from "kysely";
import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { countNewIssuesByRelease } from "../releases/count-new-issues";
import { loadReleaseHealth, releaseHealthWindowMs, type ReleaseHealth } from "../releases/load-release-health";
import type { OverviewIssue } from "@/lib/views/projects";
export type { OverviewIssue } from "@/lib/views/projects";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** The overview's two views: the last 24 hours by hour, or the last 14 days by (UTC) day. */
export type OverviewRange = "24h" | "14d";

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
  releases: { version: string; firstSeen: number; dateReleased: number | null; newIssues: number; health: ReleaseHealth | null }[];
  /** Release health of the whole project in the window, from the SDKs' sessions; null when none started in it. */
  sessions: { started: number; crashed: number; crashFreeRate: number } | null;
  /**
   * Whether the project ever received anything: an issue, an envelope still in the received list, a session
   * a span, a log line or a stored item (check-ins, …). A project that only sends sessions and traces, as Lantern's own
   * does until its first error, is not waiting for its first event.
   */
  hasReceived: boolean;
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

  // One pass over the window's hourly counts, per issue and bucket (the status comes along): the charts,
  // the unresolved issues seen and the top ones are all added up from it (three queries read it three times).
  const bucketStart = sql<number>`${sql.ref("issue_hourly_counts.hour")} - (${sql.ref("issue_hourly_counts.hour")} % ${sql.lit(bucketMs)})`;
  const [windowRows, unresolvedTotal, newRows, newCount, releaseRows, sessionRows, hasReceived] = await Promise.all([
    db
      .selectFrom("issue_hourly_counts")
      .innerJoin("issues", "issues.id", "issue_hourly_counts.issue_id")
      .select((eb) => ["issues.id", "issues.status", bucketStart.as("bucket"), eb.fn.sum<number>("issue_hourly_counts.count").as("events")])
      .where("issues.project_id", "=", projectId)
      .where("issues.last_seen", ">=", firstBucket)
      .where("issue_hourly_counts.hour", ">=", firstBucket)
      .where("issue_hourly_counts.hour", "<", lastBucket + bucketMs)
      .groupBy(["issues.id", "issues.status", bucketStart])
      .execute(),
    db
      .selectFrom("issues")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("project_id", "=", projectId)
      .where("status", "=", "unresolved")
      .executeTakeFirstOrThrow(),
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
    db
      .selectFrom("session_counts")
      .select((eb) => ["status", eb.fn.sum<number>("quantity").as("quantity")])
      .where("project_id", "=", projectId)
      .where("hour", ">=", firstBucket)
      .where("status", "in", ["started", "crashed"])
      .groupBy("status")
      .execute(),
    hasReceivedAnything(db, projectId),
  ]);

  const releaseVersions = releaseRows.map((row) => row.version);
  const [newIssuesOf, healthOf] = await Promise.all([
    countNewIssuesByRelease(db, projectId, releaseVersions),
    // Health over the last 14 days whichever range the charts show: a day of sessions says little about a release.
    loadReleaseHealth(db, projectId, releaseVersions, now - releaseHealthWindowMs),
  ]);

  const eventsOf = new Map<number, number>();
  const unresolvedOf = new Map<number, number>();
  const unresolvedEvents = new Map<number, number>();
  for (const row of windowRows) {
    const bucket = Number(row.bucket);
    const events = Number(row.events);
    eventsOf.set(bucket, (eventsOf.get(bucket) ?? 0) + events);
    if (row.status !== "unresolved") continue;
    // One row per issue and bucket: counting rows counts distinct issues.
    unresolvedOf.set(bucket, (unresolvedOf.get(bucket) ?? 0) + 1);
    unresolvedEvents.set(row.id, (unresolvedEvents.get(row.id) ?? 0) + events);
  }
  const topIds = [...unresolvedEvents]
    .sort((a, b) => b[1] - a[1] || b[0] - a[0])
    .slice(0, topCount)
    .map(([id]) => id);
  const topRows = topIds.length === 0 ? [] : await db.selectFrom("issues").select(["id", "title", "culprit", "level", "times_seen", "first_seen", "last_seen"]).where("id", "in", topIds).execute();
  const topById = new Map(topRows.map((row) => [row.id, row]));
  const buckets = Array.from({ length: bucketCount }, (_, index) => {
    const start = firstBucket + index * bucketMs;
    return { start, events: eventsOf.get(start) ?? 0, unresolvedIssues: unresolvedOf.get(start) ?? 0 };
  });
  return {
    range,
    bucketMs,
    buckets,
    eventsInWindow: buckets.reduce((sum, bucket) => sum + bucket.events, 0),
    unresolvedIssuesInWindow: unresolvedEvents.size,
    unresolvedTotal: Number(unresolvedTotal.total),
    topIssues: topIds.flatMap((id) => {
      const row = topById.get(id);
      return row ? [toOverviewIssue(row, unresolvedEvents.get(id)!)] : [];
    }),
    newIssues: newRows.map((row) => toOverviewIssue(row, null)),
    newIssueCount: Number(newCount.total),
    releases: releaseRows.map((row) => ({ version: row.version, firstSeen: row.first_seen, dateReleased: row.date_released, newIssues: newIssuesOf.get(row.version) ?? 0, health: healthOf.get(row.version) ?? null })),
    sessions: projectHealth(sessionRows),
    hasReceived,
  };
}

function projectHealth(rows: { status: string; quantity: number }[]): ProjectOverview["sessions"] {
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.quantity ?? 0);
  const started = of("started");
  if (started === 0) return null;
  // A session started before the window can crash inside it: never more crashes than sessions.
  const crashed = Math.min(of("crashed"), started);
  return { started, crashed, crashFreeRate: 1 - crashed / started };
}

/** One indexed probe per table, each by the project's leading column, stopping at the first row found. */
async function hasReceivedAnything(db: AccessContext["db"], projectId: number): Promise<boolean> {
  const probes = await Promise.all([
    db.selectFrom("issues").select("id").where("project_id", "=", projectId).limit(1).executeTakeFirst(),
    db.selectFrom("intake").select("id").where("project_id", "=", projectId).limit(1).executeTakeFirst(),
    db.selectFrom("session_counts").select("hour").where("project_id", "=", projectId).limit(1).executeTakeFirst(),
    db.selectFrom("stored_items").select("id").where("project_id", "=", projectId).limit(1).executeTakeFirst(),
    db.selectFrom("spans").select("start_us").where("project_id", "=", projectId).limit(1).executeTakeFirst(),
    db.selectFrom("logs").select("timestamp_us").where("project_id", "=", projectId).limit(1).executeTakeFirst(),
  ]);
  return probes.some((row) => row !== undefined);
}

function toOverviewIssue(row: { id: number; title: string; culprit: string; level: string; times_seen: number; first_seen: number; last_seen: number }, windowCount: number | null): OverviewIssue {
  return { id: row.id, title: row.title, culprit: row.culprit, level: row.level, timesSeen: row.times_seen, firstSeen: row.first_seen, lastSeen: row.last_seen, windowCount: windowCount ?? row.times_seen };
}
