import { sql, type Kysely } from "kysely";
import { AlertEvaluator } from "../alerts/alert-evaluator";
import { chunks } from "../db/chunks";
import type { Dialect } from "../db/create-database";
import type { Database, IssueRow } from "../db/schema";
import { readResolution } from "./issue-status";
import { recordEventOnIssue, type ActivityEntry } from "./record-event-on-issue";
import { writeIssueChanges, type IssueChanges } from "./write-issue-changes";
import { priorityOfLevel } from "./owners/issue-priority";

/** What digest knows about a new event when it picks its issue. */
export interface GroupedEvent {
  projectId: number;
  eventId: string;
  /** Grouping hashes in order of preference (sentry-protocol §5.1 step 6). */
  hashes: string[];
  type: string;
  title: string;
  culprit: string;
  level: string;
  platform: string;
  timestamp: number;
  receivedAt: number;
  release: string | null;
  environment: string | null;
  userKey: string | null;
  /** Tag pairs counted on the issue (event-tag-pairs.ts). */
  tags: [string, string][];
}

export interface Assignment {
  issueId: number;
  groupHash: string;
}

const hourMs = 3_600_000;
const minuteMs = 60_000;

/**
 * Puts each event of a digest batch into its issue, inside the batch's write transaction: the event joins
 * the first issue that owns any of its hashes (and brings its other hashes along) or creates one that
 * takes all of them. Issue counters, hourly counts, distinct users, environments, releases and the
 * transitions events cause are computed in memory, in event order, and written once per batch.
 * Returns one assignment per event, or null for an event id the project already has (counted once).
 */
export async function assignEventsToIssues(trx: Kysely<Database>, dialect: Dialect, events: GroupedEvent[]): Promise<(Assignment | null)[]> {
  // Two PostgreSQL digesters must neither both count one event id (the same envelope sent to two instances)
  // nor both create an issue for one hash: each locks its batch's event ids and hashes, in one global order
  // (no deadlock), before looking them up; a digester that waited then reads the other's committed rows.
  if (dialect === "postgres" && events.length > 0) await lockEventsAndHashes(trx, events);
  const isNew = await findNewEvents(trx, events);
  const fresh = events.filter((_, index) => isNew[index]);
  if (fresh.length === 0) return events.map(() => null);
  const owners = await findHashOwners(trx, fresh);
  const changes: IssueChanges = { issues: new Map(), newHashes: [], hourly: new Map(), minutes: new Map(), environments: new Map(), users: new Map(), activity: [], releases: new Map(), tagValues: new Map(), projectTagValues: new Map() };
  const existingIds = [...new Set(fresh.flatMap((event) => event.hashes.map((hash) => owners.get(key(event.projectId, hash))).filter((id) => id !== undefined)))];
  for (const issue of await lockIssues(trx, dialect, existingIds)) changes.issues.set(issue.id, issue);
  const knownUsers = await findKnownUsers(trx, existingIds, fresh);
  const receivedTimes = fresh.map((event) => event.receivedAt);
  const alerts = await AlertEvaluator.load(trx, fresh.map((event) => event.projectId), Math.max(...receivedTimes));
  await alerts.prepare(trx, [...changes.issues.values()], knownUsers, Math.min(...receivedTimes));
  const releaseFirstSeen = await loadReleases(trx, fresh, [...changes.issues.values()]);
  const firstSeenOf = (release: string) => releaseFirstSeen.get(release);

  const assignments: Assignment[] = [];
  for (const event of fresh) {
    if (event.release && !releaseFirstSeen.has(event.release)) {
      releaseFirstSeen.set(event.release, event.receivedAt);
      changes.releases.set(key(event.projectId, event.release), { project_id: event.projectId, version: event.release, first_seen: event.receivedAt });
    }
    const groupHash = event.hashes.find((hash) => owners.has(key(event.projectId, hash)));
    let issue: IssueRow;
    let activity: ActivityEntry[];
    let isNewUser: boolean;
    const isNewIssue = groupHash === undefined;
    if (isNewIssue) {
      issue = await createIssue(trx, event);
      activity = [{ kind: "first_seen", actor: "digest", data: { release: event.release }, createdAt: event.receivedAt }];
      isNewUser = event.userKey !== null;
    } else {
      issue = changes.issues.get(owners.get(key(event.projectId, groupHash))!)!;
      isNewUser = event.userKey !== null && !knownUsers.has(key(issue.id, event.userKey));
      activity = recordEventOnIssue(issue, { ...event, isNewUser }, firstSeenOf);
    }
    if (event.userKey !== null) {
      knownUsers.set(key(issue.id, event.userKey), event.receivedAt);
      changes.users.set(key(issue.id, event.userKey), { issue_id: issue.id, user_key: event.userKey, last_seen: event.receivedAt });
    }
    changes.issues.set(issue.id, issue);
    alerts.observe(event, issue, {
      isNewIssue,
      regressed: activity.some((entry) => entry.kind === "set_regression"),
      reappeared: activity.some((entry) => entry.kind === "set_escalating" || (entry.kind === "set_unresolved" && entry.actor === "digest")),
    });
    for (const hash of event.hashes) {
      if (owners.has(key(event.projectId, hash))) continue;
      owners.set(key(event.projectId, hash), issue.id);
      changes.newHashes.push({ project_id: event.projectId, hash, issue_id: issue.id, origin_issue_id: issue.id });
    }
    countEvent(changes, issue.id, event);
    for (const entry of activity) changes.activity.push({ issueId: issue.id, entry });
    assignments.push({ issueId: issue.id, groupHash: groupHash ?? event.hashes[0]! });
  }
  await writeIssueChanges(trx, changes);
  await alerts.write(trx);
  let next = 0;
  return events.map((_, index) => (isNew[index] ? assignments[next++]! : null));
}

function key(scope: number, value: string): string {
  return `${scope}\u0000${value}`;
}

function countEvent(changes: IssueChanges, issueId: number, event: GroupedEvent): void {
  const hour = event.timestamp - (event.timestamp % hourMs);
  const hourKey = key(issueId, String(hour));
  const bucket = changes.hourly.get(hourKey);
  if (bucket) bucket.count += 1;
  else changes.hourly.set(hourKey, { issue_id: issueId, hour, count: 1 });
  const minute = event.timestamp - (event.timestamp % minuteMs);
  const minuteKey = key(issueId, String(minute));
  const minuteBucket = changes.minutes.get(minuteKey);
  if (minuteBucket) minuteBucket.count += 1;
  else changes.minutes.set(minuteKey, { issue_id: issueId, minute, count: 1 });
  for (const [tagKey, value] of event.tags) {
    const tagValueKey = `${issueId}\u0000${tagKey}\u0000${value}`;
    const counted = changes.tagValues.get(tagValueKey);
    if (counted) {
      counted.times_seen += 1;
      counted.first_seen = Math.min(counted.first_seen, event.timestamp);
      counted.last_seen = Math.max(counted.last_seen, event.timestamp);
    } else {
      changes.tagValues.set(tagValueKey, { issue_id: issueId, key: tagKey, value, times_seen: 1, first_seen: event.timestamp, last_seen: event.timestamp });
    }
    const projectTagValueKey = `${event.projectId}\u0000${tagKey}\u0000${value}`;
    const projectCounted = changes.projectTagValues.get(projectTagValueKey);
    if (projectCounted) {
      projectCounted.times_seen += 1;
      projectCounted.first_seen = Math.min(projectCounted.first_seen, event.timestamp);
      projectCounted.last_seen = Math.max(projectCounted.last_seen, event.timestamp);
    } else {
      changes.projectTagValues.set(projectTagValueKey, { project_id: event.projectId, key: tagKey, value, times_seen: 1, first_seen: event.timestamp, last_seen: event.timestamp });
    }
  }
  if (!event.environment) return;
  const environmentKey = key(issueId, event.environment);
  const seen = changes.environments.get(environmentKey);
  if (seen) {
    seen.times_seen += 1;
    seen.first_seen = Math.min(seen.first_seen, event.timestamp);
    seen.last_seen = Math.max(seen.last_seen, event.timestamp);
  } else {
    changes.environments.set(environmentKey, { issue_id: issueId, environment: event.environment, times_seen: 1, first_seen: event.timestamp, last_seen: event.timestamp });
  }
}

/** Event ids the project does not have yet, and only the first of duplicates within the batch. */
async function findNewEvents(trx: Kysely<Database>, events: GroupedEvent[]): Promise<boolean[]> {
  const stored = new Set<string>();
  for (const [projectId, ids] of groupBy(events, (event) => event.projectId, (event) => event.eventId)) {
    for (const chunk of chunks([...new Set(ids)], 500)) {
      const rows = await trx.selectFrom("events").select("event_id").where("project_id", "=", projectId).where("event_id", "in", chunk).execute();
      for (const row of rows) stored.add(key(projectId, row.event_id));
    }
  }
  return events.map((event) => {
    const eventKey = key(event.projectId, event.eventId);
    if (stored.has(eventKey)) return false;
    stored.add(eventKey);
    return true;
  });
}

async function lockEventsAndHashes(trx: Kysely<Database>, events: GroupedEvent[]): Promise<void> {
  // Hash keys are `project:hash`, as lock-against-digest takes them; event ids get a prefix of their own.
  const eventKeys = events.map((event) => `${event.projectId}:event:${event.eventId}`);
  const keys = [...new Set([...eventKeys, ...events.flatMap((event) => event.hashes.map((hash) => `${event.projectId}:${hash}`))])];
  // The sorted subquery fixes the order in which the outer query takes the locks.
  await sql`select count(pg_advisory_xact_lock(hashtextextended(k, 0))) from (select k from unnest(${keys}::text[]) as k order by k) as sorted`.execute(trx);
}

async function findHashOwners(trx: Kysely<Database>, events: GroupedEvent[]): Promise<Map<string, number>> {
  const owners = new Map<string, number>();
  for (const [projectId, hashes] of groupBy(events, (event) => event.projectId, (event) => event.hashes)) {
    for (const chunk of chunks([...new Set(hashes.flat())], 500)) {
      const rows = await trx.selectFrom("issue_hashes").select(["hash", "issue_id"]).where("project_id", "=", projectId).where("hash", "in", chunk).execute();
      for (const row of rows) owners.set(key(projectId, row.hash), row.issue_id);
    }
  }
  return owners;
}

async function lockIssues(trx: Kysely<Database>, dialect: Dialect, ids: number[]): Promise<IssueRow[]> {
  const issues: IssueRow[] = [];
  for (const chunk of chunks([...ids].sort((a, b) => a - b), 500)) {
    const query = trx.selectFrom("issues").selectAll().where("id", "in", chunk).orderBy("id");
    issues.push(...(await (dialect === "postgres" ? query.forUpdate() : query).execute()));
  }
  return issues;
}

/** The batch's users already counted on its issues, with when each was last seen there (null: before 0014). */
async function findKnownUsers(trx: Kysely<Database>, issueIds: number[], events: GroupedEvent[]): Promise<Map<string, number | null>> {
  const known = new Map<string, number | null>();
  const userKeys = [...new Set(events.map((event) => event.userKey).filter((userKey) => userKey !== null))];
  if (issueIds.length === 0 || userKeys.length === 0) return known;
  for (const issueChunk of chunks(issueIds, 200)) {
    for (const userChunk of chunks(userKeys, 200)) {
      const rows = await trx.selectFrom("issue_users").select(["issue_id", "user_key", "last_seen"]).where("issue_id", "in", issueChunk).where("user_key", "in", userChunk).execute();
      for (const row of rows) known.set(key(Number(row.issue_id), row.user_key), row.last_seen === null ? null : Number(row.last_seen));
    }
  }
  return known;
}

/** First-seen times of the batch's releases and of the releases the loaded issues were resolved in. */
async function loadReleases(trx: Kysely<Database>, events: GroupedEvent[], issues: IssueRow[]): Promise<Map<string, number>> {
  const firstSeen = new Map<string, number>();
  const wanted = new Map<number, Set<string>>();
  const want = (projectId: number, release: string | null | undefined) => {
    if (release) (wanted.get(projectId) ?? wanted.set(projectId, new Set()).get(projectId)!).add(release);
  };
  for (const event of events) want(event.projectId, event.release);
  for (const issue of issues) {
    const resolution = readResolution(issue.resolution);
    if (resolution?.kind === "in_release") want(issue.project_id, resolution.release);
    if (resolution?.kind === "next_release") want(issue.project_id, resolution.afterRelease);
  }
  for (const [projectId, releases] of wanted) {
    for (const chunk of chunks([...releases], 500)) {
      const rows = await trx.selectFrom("releases").select(["version", "first_seen"]).where("project_id", "=", projectId).where("version", "in", chunk).execute();
      for (const row of rows) firstSeen.set(row.version, row.first_seen);
    }
  }
  return firstSeen;
}

async function createIssue(trx: Kysely<Database>, event: GroupedEvent): Promise<IssueRow> {
  return trx
    .insertInto("issues")
    .values({
      project_id: event.projectId,
      type: event.type,
      title: event.title,
      culprit: event.culprit,
      level: event.level,
      priority: priorityOfLevel(event.level),
      platform: event.platform,
      status: "unresolved",
      substatus: "new",
      resolution: null,
      ignore_condition: null,
      merged_into_id: null,
      first_seen: event.timestamp,
      last_seen: event.timestamp,
      times_seen: 1,
      users_seen: event.userKey ? 1 : 0,
      first_release: event.release,
      last_release: event.release,
      status_changed_at: event.receivedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function groupBy<T, V>(items: T[], keyOf: (item: T) => number, valueOf: (item: T) => V): Map<number, V[]> {
  const groups = new Map<number, V[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(valueOf(item));
    else groups.set(keyOf(item), [valueOf(item)]);
  }
  return groups;
}
