import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";

/**
 * Autocomplete's reads of `project_tag_values`, each a bounded walk of an index, never a scan of a
 * project's values:
 * - keys: a skip scan of the primary key (project_id, key, value) — one index seek per distinct key, so a
 *   key with a million values costs what a key with one does;
 * - values: the key's most frequent values (index project_id, key, times_seen) matched without regard to
 *   case among the top `scanDepth`, plus exact-case prefix matches from the primary key's value order
 *   (at most `scanDepth` of them), so a rare value whose prefix is typed is found too.
 */
const scanDepth = 1000;
/** The highest code point: `prefix + top` bounds the range of strings that start with `prefix` (binary order). */
const top = "\u{10FFFF}";

export async function readProjectTagKeys(db: Kysely<Database>, projectId: number, prefix: string, limit: number): Promise<string[]> {
  const upper = prefix + top;
  const { rows } = await sql<{ key: string | null }>`
    with recursive tag_keys(key, step) as (
      select min(key), 1 from project_tag_values where project_id = ${projectId} and key >= ${prefix} and key < ${upper}
      union all
      select (select min(next.key) from project_tag_values next where next.project_id = ${projectId} and next.key > tag_keys.key and next.key < ${upper}), step + 1
      from tag_keys where tag_keys.key is not null and step < ${limit}
    )
    select key from tag_keys where key is not null`.execute(db);
  return rows.map((row) => row.key!);
}

export async function readProjectTagValues(db: Kysely<Database>, projectId: number, key: string, prefix: string, limit: number): Promise<{ value: string; count: number }[]> {
  if (prefix === "") {
    const rows = await db.selectFrom("project_tag_values").select(["value", "times_seen"]).where("project_id", "=", projectId).where("key", "=", key).orderBy("times_seen", "desc").limit(limit).execute();
    return rows.map((row) => ({ value: row.value, count: Number(row.times_seen) }));
  }
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const { rows } = await sql<{ value: string; times_seen: number }>`
    select value, times_seen from (
      select value, times_seen from project_tag_values where project_id = ${projectId} and key = ${key} order by times_seen desc limit ${scanDepth}
    ) frequent where lower(value) like ${pattern} escape '\\'
    union
    select value, times_seen from (
      select value, times_seen from project_tag_values where project_id = ${projectId} and key = ${key} and value >= ${prefix} and value < ${prefix + top} order by value limit ${scanDepth}
    ) prefixed
    order by times_seen desc, value limit ${limit}`.execute(db);
  return rows.map((row) => ({ value: row.value, count: Number(row.times_seen) }));
}
