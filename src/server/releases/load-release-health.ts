import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ReleaseHealth } from "@/lib/views/releases";
export type { ReleaseHealth } from "@/lib/views/releases";

/** Release health is read over Sentry's default period for its release list. */
export const releaseHealthWindowMs = 14 * 86_400_000;

/**
 * The health of `versions` over the window from session_counts (read through its primary key: project,
 * release, …), plus the project's sessions of every release for adoption. Versions without a session in
 * the window are absent from the map: an SDK without session tracking says nothing about crashes, which
 * must not read as "100 % crash-free". With `environment`, only that environment's sessions count (adoption
 * too: the share of that environment's sessions).
 */
export async function loadReleaseHealth(db: Kysely<Database>, projectId: number, versions: readonly string[], since: number, environment?: string | null): Promise<Map<string, ReleaseHealth>> {
  const health = new Map<string, ReleaseHealth>();
  if (versions.length === 0) return health;
  let byRelease = db
    .selectFrom("session_counts")
    .select((eb) => ["release", "status", eb.fn.sum<number>("quantity").as("quantity")])
    .where("project_id", "=", projectId)
    .where("release", "in", [...versions])
    .where("hour", ">=", since);
  let ofProject = db
    .selectFrom("session_counts")
    .select((eb) => eb.fn.sum<number>("quantity").as("quantity"))
    .where("project_id", "=", projectId)
    .where("status", "=", "started")
    .where("hour", ">=", since);
  if (environment) {
    byRelease = byRelease.where("environment", "=", environment);
    ofProject = ofProject.where("environment", "=", environment);
  }
  const [rows, project] = await Promise.all([byRelease.groupBy(["release", "status"]).execute(), ofProject.executeTakeFirst()]);
  const counts = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const of = counts.get(row.release) ?? {};
    of[row.status] = (of[row.status] ?? 0) + Number(row.quantity);
    counts.set(row.release, of);
  }
  const projectSessions = Number(project?.quantity ?? 0);
  for (const [release, of] of counts) {
    const sessions = of.started ?? 0;
    if (sessions === 0) continue;
    // A session whose start fell before the window can end inside it: never more crashes than sessions.
    const crashed = Math.min(of.crashed ?? 0, sessions);
    health.set(release, {
      sessions,
      crashed,
      errored: Math.min(of.errored ?? 0, sessions),
      abnormal: Math.min(of.abnormal ?? 0, sessions),
      crashFreeRate: 1 - crashed / sessions,
      adoption: projectSessions > 0 ? Math.min(1, sessions / projectSessions) : 0,
    });
  }
  return health;
}
