import type { Kysely } from "kysely";
import { chunks } from "../db/chunks";
import type { Database } from "../db/schema";
import { readEventPayload } from "../events/read-event-payload";
import { eventTagPairs } from "./event-tag-pairs";

const hourMs = 3_600_000;

/**
 * Rebuilds an issue's counters — times seen, first/last seen, distinct users, releases, hourly counts,
 * environments and tag values — from the events it holds (tags from their payloads). Only unmerge uses it: digest keeps counters as events arrive,
 * and after retention has deleted events a recount gives lower numbers than digest kept.
 */
export async function recountIssue(trx: Kysely<Database>, issueId: number): Promise<void> {
  const events = await trx
    .selectFrom("events")
    .select(["timestamp", "user_key", "release", "environment", "title", "level", "payload"])
    .where("issue_id", "=", issueId)
    .orderBy("timestamp")
    .orderBy("id")
    .execute();
  if (events.length === 0) return;
  const hourly = new Map<number, number>();
  const environments = new Map<string, { times_seen: number; first_seen: number; last_seen: number }>();
  const users = new Set<string>();
  const tagValues = new Map<string, { key: string; value: string; times_seen: number; first_seen: number; last_seen: number }>();
  for (const event of events) {
    for (const [key, value] of eventTagPairs(readEventPayload(event.payload), { level: event.level, environment: event.environment, release: event.release, userKey: event.user_key })) {
      const seen = tagValues.get(`${key}\u0000${value}`) ?? { key, value, times_seen: 0, first_seen: event.timestamp, last_seen: event.timestamp };
      seen.times_seen += 1;
      seen.last_seen = event.timestamp;
      tagValues.set(`${key}\u0000${value}`, seen);
    }
    const hour = event.timestamp - (event.timestamp % hourMs);
    hourly.set(hour, (hourly.get(hour) ?? 0) + 1);
    if (event.user_key) users.add(event.user_key);
    if (event.environment) {
      const seen = environments.get(event.environment) ?? { times_seen: 0, first_seen: event.timestamp, last_seen: event.timestamp };
      seen.times_seen += 1;
      seen.last_seen = event.timestamp;
      environments.set(event.environment, seen);
    }
  }
  const first = events[0]!;
  const last = events.at(-1)!;
  const releases = events.map((event) => event.release).filter((release) => release !== null);
  await trx
    .updateTable("issues")
    .set({
      times_seen: events.length,
      users_seen: users.size,
      first_seen: first.timestamp,
      last_seen: last.timestamp,
      first_release: releases[0] ?? null,
      last_release: releases.at(-1) ?? null,
      title: last.title,
      level: last.level,
    })
    .where("id", "=", issueId)
    .execute();
  await trx.deleteFrom("issue_hourly_counts").where("issue_id", "=", issueId).execute();
  await trx.deleteFrom("issue_environments").where("issue_id", "=", issueId).execute();
  await trx.deleteFrom("issue_users").where("issue_id", "=", issueId).execute();
  await trx.deleteFrom("issue_tag_values").where("issue_id", "=", issueId).execute();
  for (const chunk of chunks([...tagValues.values()].map((seen) => ({ issue_id: issueId, ...seen })))) await trx.insertInto("issue_tag_values").values(chunk).execute();
  for (const chunk of chunks([...hourly].map(([hour, count]) => ({ issue_id: issueId, hour, count })))) await trx.insertInto("issue_hourly_counts").values(chunk).execute();
  for (const chunk of chunks([...environments].map(([environment, seen]) => ({ issue_id: issueId, environment, ...seen })))) await trx.insertInto("issue_environments").values(chunk).execute();
  for (const chunk of chunks([...users].map((user_key) => ({ issue_id: issueId, user_key })))) await trx.insertInto("issue_users").values(chunk).execute();
}
