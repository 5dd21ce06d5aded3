import { searchFilter } from "@/lib/search-filter";
import { authorizeIssues, type AccessContext } from "../access/authorize";
import { getIssue } from "./get-issue";
import type { SuspectReleaseHint, OverRepresentedTagHint, EnvironmentSeenHint, IssueHints } from "@/lib/views/issues";
export type { SuspectReleaseHint, OverRepresentedTagHint, EnvironmentSeenHint, IssueHints } from "@/lib/views/issues";

/**
 * What makes a tag value stand out: at least half of the issue's events (it describes the issue, not a
 * corner of it), at least twice its share of the project (the project's own mix explains less than half of
 * it), and at least 10 events (a handful of events makes any share look large). The three highest lifts.
 */
export const hintThresholds = { minIssueShare: 0.5, minLift: 2, minCount: 10, maxTags: 3, maxEnvironments: 10 } as const;

/**
 * Keys whose over-representation says nothing: `level`, `error.type`, `mechanism` and `handled` describe
 * the exception the issue is grouped by, so one value is the whole issue by construction; `release` has its
 * own hint (with counts before and after); identifiers (`user`, trace, digest, `*.id`) are unique per person
 * or request — one value is a handful of events and lift only repeats that.
 */
const skippedKeyPattern = /^(level|error\..*|mechanism|handled|release|user|user\..*|trace|trace\..*|digest|event_id|id|.*[._]id)$/;

/** Values per key the issue can bring as candidates: with a share of at least a half, at most two qualify. */
const candidatesPerKey = 2;

/**
 * "What stands out" on the issue page, from the counters digest keeps — never a scan of events:
 * the suspect release (`issues.first_release`, or the release of the latest regression in the activity),
 * with the issue's events split by `issue_tag_values` release counts at the release's first sighting in the
 * project; tag values over-represented in the issue compared with the project (`issue_tag_values` against
 * `project_tag_values`, both all-time: the project's counters have no window, so the issue's lifetime is
 * compared with the project's); and where the issue was first and last seen per environment.
 */
export async function getIssueHints(context: AccessContext, issueId: number): Promise<IssueHints> {
  await authorizeIssues(context, "issue.read", [issueId]);
  const issue = await getIssue(context.db, issueId);
  const [suspectRelease, overRepresentedTags, environments] = await Promise.all([
    findSuspectRelease(context, issue.id, issue.project_id, issue.first_release),
    findOverRepresentedTags(context, issue.id, issue.project_id),
    listEnvironmentsSeen(context, issue.id),
  ]);
  return { suspectRelease, overRepresentedTags, environments };
}

async function findSuspectRelease(context: AccessContext, issueId: number, projectId: number, firstRelease: string | null): Promise<SuspectReleaseHint | null> {
  const { db } = context;
  const regression = await db
    .selectFrom("issue_activity")
    .select("data")
    .where("issue_id", "=", issueId)
    .where("kind", "=", "set_regression")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const regressedIn = releaseOf(regression?.data ?? null);
  const version = regressedIn ?? firstRelease;
  if (version === null) return null;
  const kind = regressedIn !== null ? "regressed" : "first_seen";
  const release = await db.selectFrom("releases").select("first_seen").where("project_id", "=", projectId).where("version", "=", version).executeTakeFirst();
  if (!release) return null;
  // First seen in the project's very first release says nothing: every issue of a new project is.
  const earlier = await db.selectFrom("releases").select("version").where("project_id", "=", projectId).where("first_seen", "<", release.first_seen).limit(1).executeTakeFirst();
  if (kind === "first_seen" && !earlier) return null;
  const perRelease = await db
    .selectFrom("issue_tag_values")
    .innerJoin("releases", (join) => join.onRef("releases.version", "=", "issue_tag_values.value").on("releases.project_id", "=", projectId))
    .select(["issue_tag_values.times_seen", "releases.first_seen"])
    .where("issue_tag_values.issue_id", "=", issueId)
    .where("issue_tag_values.key", "=", "release")
    .execute();
  let eventsBefore = 0;
  let eventsSince = 0;
  for (const row of perRelease) {
    if (row.first_seen < release.first_seen) eventsBefore += row.times_seen;
    else eventsSince += row.times_seen;
  }
  return { version, kind, releaseFirstSeen: release.first_seen, eventsBefore, eventsSince, search: searchFilter("release", version) };
}

function releaseOf(data: string | null): string | null {
  if (!data) return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== "object" || value === null) return null;
    const release = (value as { release?: unknown }).release;
    return typeof release === "string" && release !== "" ? release : null;
  } catch {
    return null;
  }
}

async function findOverRepresentedTags(context: AccessContext, issueId: number, projectId: number): Promise<OverRepresentedTagHint[]> {
  const { db } = context;
  const keys = (
    await db
      .selectFrom("issue_tag_values")
      .select((eb) => ["key", eb.fn.sum<number>("times_seen").as("total")])
      .where("issue_id", "=", issueId)
      .groupBy("key")
      .execute()
  ).filter((row) => !skippedKeyPattern.test(row.key) && Number(row.total) >= hintThresholds.minCount);
  const hints = await Promise.all(
    keys.map(async ({ key, total }): Promise<OverRepresentedTagHint[]> => {
      const issueTotal = Number(total);
      // The issue's top values by the issue_tag_values_top index; only those above the share threshold go on.
      const candidates = (
        await db
          .selectFrom("issue_tag_values")
          .select(["value", "times_seen"])
          .where("issue_id", "=", issueId)
          .where("key", "=", key)
          .orderBy("times_seen", "desc")
          .orderBy("value")
          .limit(candidatesPerKey)
          .execute()
      ).filter((row) => row.times_seen >= hintThresholds.minCount && row.times_seen / issueTotal >= hintThresholds.minIssueShare);
      if (candidates.length === 0) return [];
      // Covered by project_tag_values_top (project, key, times seen): a range of the index, no table reads.
      const project = await db
        .selectFrom("project_tag_values")
        .select((eb) => [eb.fn.sum<number>("times_seen").as("total"), eb.fn.countAll<number>().as("values")])
        .where("project_id", "=", projectId)
        .where("key", "=", key)
        .executeTakeFirstOrThrow();
      const projectTotal = Number(project.total ?? 0);
      // A key with one value in the whole project cannot stand out.
      if (Number(project.values) < 2 || projectTotal === 0) return [];
      const projectCounts = await db
        .selectFrom("project_tag_values")
        .select(["value", "times_seen"])
        .where("project_id", "=", projectId)
        .where("key", "=", key)
        .where(
          "value",
          "in",
          candidates.map((row) => row.value),
        )
        .execute();
      const projectCountOf = new Map(projectCounts.map((row) => [row.value, row.times_seen]));
      return candidates.flatMap((row) => {
        const issueShare = Math.min(1, row.times_seen / issueTotal);
        // The project's counters include this issue's events; never below them (they are summed separately).
        const projectShare = Math.min(1, Math.max(projectCountOf.get(row.value) ?? 0, row.times_seen) / Math.max(projectTotal, issueTotal));
        const lift = issueShare / projectShare;
        return lift >= hintThresholds.minLift ? [{ key, value: row.value, count: row.times_seen, issueShare, projectShare, lift, search: searchFilter(key, row.value) }] : [];
      });
    }),
  );
  return hints
    .flat()
    .sort((a, b) => b.lift - a.lift || b.count - a.count || a.key.localeCompare(b.key))
    .slice(0, hintThresholds.maxTags);
}

async function listEnvironmentsSeen(context: AccessContext, issueId: number): Promise<EnvironmentSeenHint[]> {
  const rows = await context.db
    .selectFrom("issue_environments")
    .select(["environment", "times_seen", "first_seen", "last_seen"])
    .where("issue_id", "=", issueId)
    .orderBy("times_seen", "desc")
    .orderBy("environment")
    .limit(hintThresholds.maxEnvironments)
    .execute();
  return rows.map((row) => ({ environment: row.environment, timesSeen: row.times_seen, firstSeen: row.first_seen, lastSeen: row.last_seen, search: searchFilter("environment", row.environment) }));
}
