import { authorize, authorizeProjectId, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import { decodeUserSketch, emptyUserSketch, estimateUsers, mergeUserSketches, type UserSketch } from "@/lib/user-sketch";
import type { SessionField, SessionGrouping, SessionsRequest } from "./parse-sessions-request";

type FieldValue = number | null;
export interface SessionsGroup {
  by: Record<string, string | number>;
  totals: Record<string, FieldValue>;
  series: Record<string, FieldValue[]>;
}
/** Sentry's response shape (telemetry-protocol.md §3.8). */
export interface SessionsResult {
  start: string;
  end: string;
  intervals: string[];
  groups: SessionsGroup[];
  query: string;
}

const sessionStatuses = ["healthy", "errored", "crashed", "abnormal"] as const;
type Tally = { started: number; errored: number; crashed: number; abnormal: number; users: Record<"started" | "errored" | "crashed" | "abnormal", UserSketch | null> };
const newTally = (): Tally => ({ started: 0, errored: 0, crashed: 0, abnormal: 0, users: { started: null, errored: null, crashed: null, abnormal: null } });

/**
 * Sentry's sessions endpoint over session_counts and session_users: sessions are counted once when they start
 * (`sum(session)`), and by how they ended; crash_free_rate(session) = 1 − crashed ÷ sessions; users are the
 * merged hourly HyperLogLog sketches (exact to a user or two up to a few dozen, about ±13 % beyond), and
 * crash_free_rate(user) = 1 − crashed users ÷ users. With groupBy=session.status: healthy = sessions that
 * neither errored, crashed nor ended abnormally (users: all users less those with such a session).
 */
export async function querySessions(context: AccessContext, request: SessionsRequest): Promise<SessionsResult> {
  authorize(context, "release.list");
  const projectIds = await projectsOf(context, request.projectIds);
  const dims = request.groupBy.filter((grouping): grouping is Exclude<SessionGrouping, "session.status"> => grouping !== "session.status");
  const columns = dims.map((grouping) => (grouping === "project" ? "project_id" : grouping));
  const wantsUsers = request.fields.some((field) => field.endsWith("(user)"));
  const dimColumns = columns as ("release" | "environment" | "project_id")[];
  const countsQuery = context.db
    .selectFrom("session_counts")
    .select([...dimColumns, "hour", "status"])
    .select((eb) => eb.fn.sum<number>("quantity").as("quantity"))
    .where("project_id", "in", projectIds.length > 0 ? projectIds : [-1])
    .where("hour", ">=", request.start)
    .where("hour", "<", request.end)
    .where("status", "in", ["started", "errored", "crashed", "abnormal"])
    .$if(request.environments.length > 0, (query) => query.where("environment", "in", request.environments))
    .$if(request.releases.length > 0, (query) => query.where("release", "in", request.releases))
    .groupBy([...dimColumns, "hour", "status"]);
  const usersQuery = context.db
    .selectFrom("session_users")
    .select([...dimColumns, "hour", "status", "sketch"])
    .where("project_id", "in", projectIds.length > 0 ? projectIds : [-1])
    .where("hour", ">=", request.start)
    .where("hour", "<", request.end)
    .where("status", "in", ["started", "errored", "crashed", "abnormal"])
    .$if(request.environments.length > 0, (query) => query.where("environment", "in", request.environments))
    .$if(request.releases.length > 0, (query) => query.where("release", "in", request.releases));
  const [counts, users] = (await Promise.all([countsQuery.execute(), wantsUsers ? usersQuery.execute() : Promise.resolve([])])) as [Record<string, unknown>[], Record<string, unknown>[]];

  const intervalCount = (request.end - request.start) / request.intervalMs;
  const groups = new Map<string, { by: Record<string, string | number>; total: Tally; series: Tally[] }>();
  const groupOf = (row: Record<string, unknown>) => {
    const by: Record<string, string | number> = {};
    dims.forEach((grouping, index) => (by[grouping] = grouping === "project" ? Number(row[columns[index]!]) : String(row[columns[index]!])));
    const key = JSON.stringify(by);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { by, total: newTally(), series: Array.from({ length: intervalCount }, newTally) }));
    return group;
  };
  for (const row of counts) {
    const group = groupOf(row);
    const status = row.status as keyof Omit<Tally, "users">;
    const slot = Math.floor((Number(row.hour) - request.start) / request.intervalMs);
    group.total[status] += Number(row.quantity);
    group.series[slot]![status] += Number(row.quantity);
  }
  for (const row of users) {
    const group = groupOf(row);
    const status = row.status as keyof Tally["users"];
    const sketch = decodeUserSketch(row.sketch as string);
    const slot = Math.floor((Number(row.hour) - request.start) / request.intervalMs);
    for (const tally of [group.total, group.series[slot]!]) tally.users[status] = mergeUserSketches(tally.users[status] ?? emptyUserSketch(), sketch);
  }
  if (groups.size === 0 && dims.length === 0) groupOf({});

  const byStatus = request.groupBy.includes("session.status");
  const result: SessionsGroup[] = [];
  for (const group of [...groups.values()].sort((a, b) => JSON.stringify(a.by).localeCompare(JSON.stringify(b.by)))) {
    for (const status of byStatus ? sessionStatuses : [null]) {
      const totals: Record<string, FieldValue> = {};
      const series: Record<string, FieldValue[]> = {};
      for (const field of request.fields) {
        if (request.includeTotals) totals[field] = valueOf(field, group.total, status);
        if (request.includeSeries) series[field] = group.series.map((tally) => valueOf(field, tally, status));
      }
      result.push({ by: status === null ? group.by : { ...group.by, "session.status": status }, totals, series });
    }
  }
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
  return {
    start: iso(request.start),
    end: iso(request.end),
    intervals: request.includeSeries ? Array.from({ length: intervalCount }, (_, index) => iso(request.start + index * request.intervalMs)) : [],
    groups: result,
    query: request.query,
  };
}

async function projectsOf(context: AccessContext, requested: number[]): Promise<number[]> {
  if (requested.length > 0) return Promise.all(requested.map(async (id) => (await authorizeProjectId(context, "release.list", id)).id));
  const visible = visibleProjectIds(context.viewer);
  if (visible !== null) return visible;
  return (await context.db.selectFrom("projects").select("id").execute()).map((row) => Number(row.id));
}

function valueOf(field: SessionField, tally: Tally, status: (typeof sessionStatuses)[number] | null): FieldValue {
  // A session that started before the window can end inside it: never more bad endings than sessions.
  const crashed = Math.min(tally.crashed, tally.started);
  const abnormal = Math.min(tally.abnormal, tally.started - crashed);
  const errored = Math.min(tally.errored, tally.started - crashed - abnormal);
  const users = (of: keyof Tally["users"]) => (tally.users[of] ? estimateUsers(tally.users[of]) : 0);
  if (field === "sum(session)") {
    if (status === null) return tally.started;
    return { healthy: tally.started - crashed - abnormal - errored, errored, crashed, abnormal }[status];
  }
  if (field === "count_unique(user)") {
    const all = users("started");
    if (status === null) return all;
    if (status !== "healthy") return Math.min(users(status), all);
    const unhealthy = [tally.users.errored, tally.users.crashed, tally.users.abnormal].reduce<UserSketch>((into, sketch) => (sketch ? mergeUserSketches(into, sketch) : into), emptyUserSketch());
    return Math.max(0, all - estimateUsers(unhealthy));
  }
  if (status !== null) return null;
  if (field === "crash_free_rate(session)") return tally.started > 0 ? 1 - crashed / tally.started : null;
  const all = users("started");
  return all > 0 ? 1 - Math.min(users("crashed"), all) / all : null;
}
