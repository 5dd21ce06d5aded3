import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { getIssue } from "./get-issue";

export interface TagValueShare {
  value: string;
  count: number;
  /** count ÷ the issue's events, 0–1. */
  share: number;
}

export interface TagDistribution {
  key: string;
  /** Events of the issue that carry this tag. */
  total: number;
  /** How many distinct values the tag has. */
  valueCount: number;
  /** The most frequent values, most frequent first. */
  topValues: TagValueShare[];
  /** Events whose value is not among the top ones. */
  otherCount: number;
}

/**
 * Per tag key, the issue's most frequent values with their share of the issue's events — Sentry's tag
 * bars. Reads the counters digest keeps in `issue_tag_values`, never event payloads; the top values per
 * key come from a window function, so a key with thousands of values (user) costs one ranked scan.
 */
export async function getIssueTagDistribution(db: Kysely<Database>, issueId: number, options: { topValues?: number } = {}): Promise<TagDistribution[]> {
  const top = options.topValues ?? 5;
  const issue = await getIssue(db, issueId);
  const totals = await db
    .selectFrom("issue_tag_values")
    .select((eb) => ["key", eb.fn.countAll<number>().as("valueCount"), eb.fn.sum<number>("times_seen").as("total")])
    .where("issue_id", "=", issueId)
    .groupBy("key")
    .orderBy("key")
    .execute();
  const ranked = db
    .selectFrom("issue_tag_values")
    .select((eb) => ["key", "value", "times_seen", eb.fn.agg<number>("row_number").over((over) => over.partitionBy("key").orderBy("times_seen", "desc").orderBy("value")).as("rank")])
    .where("issue_id", "=", issueId)
    .as("ranked");
  const rows = await db.selectFrom(ranked).select(["key", "value", "times_seen"]).where("rank", "<=", top).orderBy("key").orderBy("rank").execute();
  const eventCount = Math.max(1, issue.times_seen);
  const valuesByKey = new Map<string, TagValueShare[]>();
  for (const row of rows) {
    const values = valuesByKey.get(row.key) ?? [];
    values.push({ value: row.value, count: row.times_seen, share: Math.min(1, row.times_seen / eventCount) });
    valuesByKey.set(row.key, values);
  }
  return totals.map((row) => {
    const topValues = valuesByKey.get(row.key) ?? [];
    const total = Number(row.total);
    return { key: row.key, total, valueCount: Number(row.valueCount), topValues, otherCount: total - topValues.reduce((sum, value) => sum + value.count, 0) };
  });
}
