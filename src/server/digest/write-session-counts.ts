import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { addUser, decodeUserSketch, emptyUserSketch, encodeUserSketch, mergeUserSketches, type UserSketch } from "@/lib/user-sketch";
import type { SessionCount } from "./digest-envelope";

/** How long a session id is remembered as counted: an SDK sends all of a session's updates within its life. */
export const sessionMarkRetentionMs = 2 * 86_400_000;

/**
 * Adds a batch's session counters and users. A counter naming a session is counted only the first time that
 * session is counted so (its `started`, or its end whatever the status): an SDK sends a crashed session again
 * when it closes it, and Sentry counts the session once. Users are merged into the hourly sketches of the
 * status they were counted under, read and written inside digest's transaction (FOR UPDATE on PostgreSQL, so
 * two digesters merge one after the other instead of one overwriting the other).
 */
export async function writeSessionCounts(trx: Kysely<Database>, dialect: "sqlite" | "postgres", counts: SessionCount[], now: number): Promise<void> {
  if (counts.length === 0) return;
  const summed = new Map<string, { row: Omit<SessionCount, "sessionId" | "users">; sketch: UserSketch | null }>();
  for (const { sessionId, users, ...row } of counts) {
    if (sessionId !== undefined) {
      const mark = row.status === "started" ? "started" : "ended";
      const inserted = await trx
        .insertInto("session_marks")
        .values({ project_id: row.project_id, session_id: sessionId, mark, seen_at: now })
        .onConflict((conflict) => conflict.columns(["project_id", "session_id", "mark"]).doNothing())
        .returning("session_id")
        .executeTakeFirst();
      if (!inserted) continue;
    }
    const key = [row.project_id, row.release, row.environment, row.hour, row.status].join("\u0000");
    const entry = summed.get(key) ?? { row: { ...row, quantity: 0 }, sketch: null };
    entry.row.quantity += row.quantity;
    for (const user of users ?? []) addUser((entry.sketch ??= emptyUserSketch()), user);
    summed.set(key, entry);
  }
  for (const { row, sketch } of summed.values()) {
    await trx
      .insertInto("session_counts")
      .values(row)
      .onConflict((conflict) => conflict.columns(["project_id", "release", "environment", "hour", "status"]).doUpdateSet((eb) => ({ quantity: eb("session_counts.quantity", "+", eb.ref("excluded.quantity")) })))
      .execute();
    if (sketch) await mergeSessionUsers(trx, dialect, row, sketch);
  }
  await trx.deleteFrom("session_marks").where("seen_at", "<", now - sessionMarkRetentionMs).execute();
}

async function mergeSessionUsers(trx: Kysely<Database>, dialect: "sqlite" | "postgres", row: Omit<SessionCount, "sessionId" | "users">, sketch: UserSketch): Promise<void> {
  const key = { project_id: row.project_id, release: row.release, environment: row.environment, hour: row.hour, status: row.status };
  await trx.insertInto("session_users").values({ ...key, sketch: "" }).onConflict((conflict) => conflict.columns(["project_id", "release", "environment", "hour", "status"]).doNothing()).execute();
  let select = trx
    .selectFrom("session_users")
    .select("sketch")
    .where("project_id", "=", key.project_id)
    .where("release", "=", key.release)
    .where("environment", "=", key.environment)
    .where("hour", "=", key.hour)
    .where("status", "=", key.status);
  if (dialect === "postgres") select = select.forUpdate();
  const stored = await select.executeTakeFirstOrThrow();
  await trx
    .updateTable("session_users")
    .set({ sketch: encodeUserSketch(mergeUserSketches(decodeUserSketch(stored.sketch), sketch)) })
    .where("project_id", "=", key.project_id)
    .where("release", "=", key.release)
    .where("environment", "=", key.environment)
    .where("hour", "=", key.hour)
    .where("status", "=", key.status)
    .execute();
}
