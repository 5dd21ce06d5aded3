import { authorizeIssues, type AccessContext } from "../access/authorize";
import { getIssue } from "./get-issue";
import type { TagValueShare, TagDistribution } from "@/lib/views/issues";
export type { TagValueShare, TagDistribution } from "@/lib/views/issues";

/**
 * Per tag key, the issue's most frequent values with their share of the issue's events — Sentry's tag
 * bars. Reads the counters digest keeps in `issue_tag_values`, never event payloads.
 */
export async function getIssueTagDistribution(context: AccessContext, issueId: number, options: { topValues?: number } = {}): Promise<TagDistribution[]> {
  await authorizeIssues(context, "issue.read", [issueId]);
  const { db } = context;
  const top = options.topValues ?? 5;
  const issue = await getIssue(db, issueId);
  const totals = await db
    .selectFrom("issue_tag_values")
    .select((eb) => ["key", eb.fn.countAll<number>().as("valueCount"), eb.fn.sum<number>("times_seen").as("total")])
    .where("issue_id", "=", issueId)
    .groupBy("key")
    .orderBy("key")
    .execute();
  // One short indexed read per key (issue_tag_values_top: issue, key, times seen) instead of ranking all of
  // the issue's values: a user key can have tens of thousands (measured with bench/dashboard).
  const rows = (
    await Promise.all(
      totals.map((total) =>
        db.selectFrom("issue_tag_values").select(["key", "value", "times_seen"]).where("issue_id", "=", issueId).where("key", "=", total.key).orderBy("times_seen", "desc").orderBy("value").limit(top).execute(),
      ),
    )
  ).flat();
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
