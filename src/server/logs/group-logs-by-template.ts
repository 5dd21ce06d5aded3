import { sql } from "kysely";
import { authorize, type AccessContext } from "../access/authorize";
import type { LogSearch } from "./parse-log-search";
import { levelOfSeverity, type LogAttribute } from "./read-logs";
import { findAllLogs, matchingQuery, needsPayload, payloadEntries, projectScope, type FoundLog, type LogRow } from "./search-logs";
import { parameterAttributePrefix } from "./log-item-rows";

export interface LogTemplateGroup {
  /** The template the lines share, or (none) the message they share. */
  template: string | null;
  message: string;
  count: number;
  /** The highest severity among the lines. */
  severity: string;
  lastSeenUs: number;
  /** The parameters of a few of the newest lines, each as its values in order. */
  examples: string[][];
}

/** Groups shown; lines beyond them are counted in `otherCount`. */
export const maxTemplateGroups = 50;
const examplesPerGroup = 3;
/** With conditions on payloads, at most this many lines are grouped. */
const maxPayloadGroupedLogs = 20_000;

/**
 * The matching lines grouped by template ("Order %s exported" 4,210 times) with a few parameter values; lines
 * without a template group by their message. Counted in SQL on the row's template id and body; only the few
 * example lines' payloads are read (all lines' when a condition needs payloads).
 */
export async function groupLogsByTemplate(context: AccessContext, search: LogSearch): Promise<{ groups: LogTemplateGroup[]; otherCount: number }> {
  authorize(context, "log.search");
  if (search.conditions.some(needsPayload)) return groupInMemory(await findAllLogs(context, search, maxPayloadGroupedLogs, { withAttributes: true }));
  const scope = await projectScope(context, search);
  const bodyKey = sql<string | null>`case when template_id is null then body end`;
  const counted = await matchingQuery(context, search, scope)
    .clearSelect()
    .select([
      "template_id",
      bodyKey.as("body_key"),
      (eb) => eb.fn.countAll<number>().as("count"),
      (eb) => eb.fn.max("severity").as("severity"),
      (eb) => eb.fn.max("timestamp_us").as("last_us"),
      (eb) => eb.fn.max("logs.id").as("newest_id"),
    ])
    .groupBy([sql`1`, sql`2`])
    .orderBy(sql`3`, "desc")
    .orderBy(sql`5`, "desc")
    .execute();
  const shown = counted.slice(0, maxTemplateGroups);
  const otherCount = counted.slice(maxTemplateGroups).reduce((sum, row) => sum + Number(row.count), 0);
  const groups: LogTemplateGroup[] = [];
  for (const row of shown) {
    const templateId = row.template_id === null ? null : Number(row.template_id);
    const examples = (await matchingQuery(context, search, scope)
      .$if(templateId !== null, (query) => query.where("template_id", "=", templateId!))
      .$if(templateId === null, (query) => query.where("template_id", "is", null).where("body", "=", row.body_key ?? ""))
      .orderBy("logs.id", "desc")
      .limit(templateId === null ? 1 : examplesPerGroup)
      .execute()) as LogRow[];
    const entries = templateId === null ? undefined : await payloadEntries(context, examples);
    groups.push({
      template: examples[0]?.template ?? null,
      message: examples[0]?.body ?? row.body_key ?? "",
      count: Number(row.count),
      severity: levelOfSeverity(Number(row.severity)),
      lastSeenUs: Number(row.last_us),
      examples: templateId === null ? [] : examples.map((example) => parameterValues(entries?.get(`${Number(example.payload_id)}:${Number(example.payload_index)}`)?.p)),
    });
  }
  return { groups, otherCount };
}

function parameterValues(parameters: Record<string, LogAttribute> | undefined): string[] {
  if (!parameters) return [];
  const names = Object.keys(parameters).sort((a, b) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : a.localeCompare(b)));
  return names.map((name) => String(parameters[name]!.value));
}

function groupInMemory(rows: FoundLog[]): { groups: LogTemplateGroup[]; otherCount: number } {
  const byKey = new Map<string, LogTemplateGroup>();
  for (const row of rows) {
    const key = row.template !== null ? `t:${row.template}` : `m:${row.message}`;
    const group = byKey.get(key) ?? { template: row.template, message: row.message, count: 0, severity: row.severity, lastSeenUs: row.timestampUs, examples: [] };
    group.count += 1;
    if (row.severityNumber > severityRank(group.severity)) group.severity = row.severity;
    group.lastSeenUs = Math.max(group.lastSeenUs, row.timestampUs);
    if (row.template !== null && group.examples.length < examplesPerGroup) {
      const parameters = Object.fromEntries(Object.entries(row.attributes ?? {}).filter(([name]) => name.startsWith(parameterAttributePrefix)).map(([name, value]) => [name.slice(parameterAttributePrefix.length), value]));
      group.examples.push(parameterValues(parameters));
    }
    byKey.set(key, group);
  }
  const sorted = [...byKey.values()].sort((a, b) => b.count - a.count || b.lastSeenUs - a.lastSeenUs);
  return { groups: sorted.slice(0, maxTemplateGroups), otherCount: sorted.slice(maxTemplateGroups).reduce((sum, group) => sum + group.count, 0) };
}

const severityRank = (level: string) => ["trace", "debug", "info", "warn", "error", "fatal"].indexOf(level) * 4 + 1;
