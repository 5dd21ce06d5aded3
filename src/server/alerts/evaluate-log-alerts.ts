import type { LanternConfig } from "../config";
import { systemContext } from "../access/system-context";
import type { LanternDatabase } from "../db/create-database";
import { writeTransaction } from "../db/write-transaction";
import { countLogs } from "../logs/count-logs";
import { parseLogQuery } from "../logs/parse-log-search";
import { searchLogs } from "../logs/search-logs";
import { logAlertIntervals, maxLogAlertThreshold } from "@/lib/log-alert-intervals";
import type { AlertMessage } from "./alert-message";
import { enqueueDeliveries, type NewDelivery } from "./enqueue-deliveries";
import { toLogAlertRuleView, type LogAlertRuleView } from "./log-alert-rule-view";

/** Sample lines a message carries, and how much of each. */
const sampleLines = 5;
const sampleLength = 300;
/** Lines stamped a little ahead of this clock (another machine's) still count in the window. */
const clockSkewMs = 60_000;

export interface LogAlertOutcome {
  ruleId: number;
  count: number;
  /** fired: went above the threshold now; resolved: fell back to it or below; else unchanged. */
  change: "fired" | "resolved" | "unchanged";
  deliveries: number;
}

/**
 * One pass over every unmuted log alert rule: count its query's lines in the trailing interval (count-logs,
 * capped), and fire once per breach — when the count goes above the threshold the rule is marked firing and
 * its messages are put in the outbox in the same transaction; it fires again only after a pass found the
 * count back at or below the threshold (resolved). The mark is set by a conditional update (only where it is
 * not set), so two passes at once — two instances during a lease handover — still fire once.
 */
export async function evaluateLogAlerts(database: LanternDatabase, config: LanternConfig, now = Date.now()): Promise<LogAlertOutcome[]> {
  const context = systemContext(database, config);
  const rows = await database.db
    .selectFrom("log_alert_rules")
    .innerJoin("projects", "projects.id", "log_alert_rules.project_id")
    .selectAll("log_alert_rules")
    .select(["projects.slug as project_slug", "projects.name as project_name"])
    .where((eb) => eb.or([eb("log_alert_rules.muted_until", "is", null), eb("log_alert_rules.muted_until", "<=", now)]))
    .orderBy("log_alert_rules.id")
    .execute();
  const outcomes: LogAlertOutcome[] = [];
  for (const row of rows) {
    const rule = toLogAlertRuleView(row);
    const project = { id: Number(row.project_id), slug: row.project_slug, name: row.project_name };
    try {
      outcomes.push(await evaluateRule(database, context, rule, project, now));
    } catch (error) {
      // A rule whose query no longer runs must not stop the others; saving checks queries, so this is rare.
      console.error(`lantern: log alert rule ${rule.id} could not be evaluated`, error);
    }
  }
  return outcomes;
}

type Project = { id: number; slug: string; name: string };

async function evaluateRule(database: LanternDatabase, context: ReturnType<typeof systemContext>, rule: LogAlertRuleView, project: Project, now: number): Promise<LogAlertOutcome> {
  const startMs = now - logAlertIntervals[rule.interval].ms;
  const endMs = now + clockSkewMs;
  // Enough to tell "above the threshold" and to say how far above, within a bounded cost.
  const cap = Math.min(Math.max(2 * (rule.threshold + 1), 1_000), 2 * maxLogAlertThreshold);
  const { count, isCapped } = await countLogs(context, { projectId: project.id, query: rule.query, startMs, endMs, cap });
  const isBreached = count > rule.threshold;
  if (!isBreached || rule.firingSince !== null) {
    await writeTransaction(database, (trx) =>
      trx
        .updateTable("log_alert_rules")
        .set({ last_count: count, evaluated_at: now, ...(isBreached ? {} : { firing_since: null }) })
        .where("id", "=", rule.id)
        .execute(),
    );
    return { ruleId: rule.id, count, change: !isBreached && rule.firingSince !== null ? "resolved" : "unchanged", deliveries: 0 };
  }
  // Read before the write transaction, which then stays short.
  const samples = await sampleMatchingLines(context, rule, project, startMs, endMs);
  const message = logAlertMessage(rule, project, { count, isCapped, samples }, now);
  const fired = await writeTransaction(database, async (trx) => {
    const marked = await trx.updateTable("log_alert_rules").set({ firing_since: now, last_count: count, evaluated_at: now }).where("id", "=", rule.id).where("firing_since", "is", null).returning("id").executeTakeFirst();
    if (!marked) return null;
    const channels = rule.channels.length === 0 ? [] : await trx.selectFrom("notification_channels").select(["id", "kind"]).where("slug", "in", rule.channels).execute();
    // A channel deleted since the rule was saved has nothing to post to; deleting one a rule uses is refused.
    const rows: NewDelivery[] = channels.map((channel) => ({ projectId: project.id, ruleId: null, issueId: null, channelId: Number(channel.id), kind: channel.kind as NewDelivery["kind"], recipient: null, message }));
    await enqueueDeliveries(trx, rows, now);
    return { deliveries: rows.length };
  });
  // Not marked: another pass (another instance) fired for this breach first.
  return { ruleId: rule.id, count, change: fired ? "fired" : "unchanged", deliveries: fired?.deliveries ?? 0 };
}

async function sampleMatchingLines(context: ReturnType<typeof systemContext>, rule: LogAlertRuleView, project: Project, startMs: number, endMs: number): Promise<string[]> {
  const { rows } = await searchLogs(context, { conditions: parseLogQuery(rule.query), window: { startUs: startMs * 1000, endUs: endMs * 1000 }, projects: [String(project.id)], environments: [], sort: { key: "timestamp", descending: true }, limit: sampleLines, offset: 0 });
  return rows.map((line) => {
    const text = `${new Date(line.timestampUs / 1000).toISOString()} ${line.severity} ${line.message.replace(/\s+/g, " ")}`;
    return text.length > sampleLength ? `${text.slice(0, sampleLength - 1)}…` : text;
  });
}

/** The outbox message of a log alert: links are paths (the sender prefixes LANTERN_URL). */
export function logAlertMessage(rule: LogAlertRuleView, project: Project, counted: { count: number; isCapped: boolean; samples: string[] }, now: number): AlertMessage {
  const projectPath = `/projects/${encodeURIComponent(project.slug)}`;
  const interval = logAlertIntervals[rule.interval].label;
  const logsUrl = `${projectPath}/logs?query=${encodeURIComponent(rule.query)}`;
  const headline = `${counted.isCapped ? "At least " : ""}${counted.count.toLocaleString("en-US")} log lines in ${interval}`;
  return {
    reason: "log_threshold",
    headline,
    issue: { id: 0, title: `${headline} matching “${rule.query}”`, culprit: rule.query, level: "warning", status: "firing", url: logsUrl, firstSeen: now - logAlertIntervals[rule.interval].ms, lastSeen: now, count: counted.count, userCount: 0 },
    project,
    environment: null,
    release: null,
    eventId: null,
    rule: { id: rule.id, name: rule.name, url: `${projectPath}/alerts/logs/${rule.id}` },
    actor: null,
    comment: null,
    createdAt: now,
    logs: { query: rule.query, count: counted.count, isCapped: counted.isCapped, threshold: rule.threshold, interval, url: logsUrl, samples: counted.samples },
  };
}
