import { sql } from "kysely";

/**
 * In an upsert of a counter row (`on conflict … do update`), the earlier first-seen and the later
 * last-seen of the stored row and the incoming one. CASE rather than least()/greatest(), which SQLite lacks.
 */
export function earliestFirstSeen(table: string) {
  return sql<number>`case when excluded.first_seen < ${sql.ref(`${table}.first_seen`)} then excluded.first_seen else ${sql.ref(`${table}.first_seen`)} end`;
}

export function latestLastSeen(table: string) {
  return sql<number>`case when excluded.last_seen > ${sql.ref(`${table}.last_seen`)} then excluded.last_seen else ${sql.ref(`${table}.last_seen`)} end`;
}
