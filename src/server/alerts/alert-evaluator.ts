import type { Kysely } from "kysely";
import { chunks } from "../db/chunks";
import type { Database, IssueRow } from "../db/schema";
import type { AlertReason } from "./alert-message";
import { buildAlertMessage, frequencyHeadline } from "./build-alert-message";
import { enqueueDeliveries, type NewDelivery } from "./enqueue-deliveries";
import { findAssigneeUsers } from "./find-assignee-user";
import { resolveEmailRecipients, wantsWorkflowEmail, type EmailAction } from "./resolve-email-recipients";
import { loadActiveRules, type LoadedRule } from "./load-active-rules";
import { filtersPass, type AlertSubject } from "./rule-filters";
import { issueCategoryNumberOf } from "@/lib/issue-types";
import { conditionIds, frequencyIntervals, type FrequencyInterval, type RuleCondition } from "./rule-schema";

/** What digest tells the evaluator about one event (a subset of GroupedEvent, so alerts know nothing of grouping). */
export interface ObservedEvent {
  projectId: number;
  eventId: string;
  type: string;
  platform: string;
  title: string;
  culprit: string;
  level: string;
  timestamp: number;
  receivedAt: number;
  release: string | null;
  environment: string | null;
  userKey: string | null;
  tags: [string, string][];
}

/** What the event did to its issue. */
export interface IssueTransition {
  isNewIssue: boolean;
  regressed: boolean;
  /** An ignored issue came back (its ignore condition ended). */
  reappeared: boolean;
}

interface Counters {
  minutes: Map<number, number>;
  hours: Map<number, number>;
  /** Distinct users per interval in the window, and when each user of this batch was last seen. */
  users: Map<FrequencyInterval, number>;
  userSeen: Map<string, number | null>;
}

const minuteMs = 60_000;
const hourMs = 3_600_000;
/** Windows up to an hour are summed from minute buckets, longer ones from hourly buckets. */
const longestMinuteWindow = frequencyIntervals["1h"];

/**
 * Decides alerts inside the digest transaction, so an alert and the events that caused it commit together
 * (docs/alerts.md → "Delivery"). Loaded once per batch: the active rules of the batch's projects, and — only for
 * projects with frequency conditions — the issues' recent minute/hour buckets and distinct-user counts, and
 * when each rule last fired for each issue. Events are then observed in order, in memory, and the decided
 * deliveries and fire times written once. A batch whose projects have no rules costs one indexed query.
 */
export class AlertEvaluator {
  private readonly counters = new Map<number, Counters>();
  private readonly fires = new Map<string, number>();
  private readonly firedNow = new Map<string, { ruleId: number; issueId: number; firedAt: number }>();
  private readonly decided: { rule: LoadedRule; issue: IssueRow; event: ObservedEvent; reason: AlertReason; headline: string }[] = [];
  private readonly regressedAssigned: { issue: IssueRow; event: ObservedEvent }[] = [];

  private constructor(private readonly rulesByProject: Map<number, LoadedRule[]>) {}

  /** The active (unmuted) rules of the batch's projects. */
  static async load(db: Kysely<Database>, projectIds: number[], now: number): Promise<AlertEvaluator> {
    return new AlertEvaluator(await loadActiveRules(db, projectIds, now));
  }

  /** Reads what frequency conditions and action intervals need about the batch's existing issues. */
  async prepare(db: Kysely<Database>, issues: Pick<IssueRow, "id" | "project_id" | "status" | "status_changed_at" | "last_seen">[], knownUserSeen: Map<string, number | null>, batchStart: number): Promise<void> {
    const withRules = issues.filter((issue) => this.rulesByProject.has(issue.project_id));
    if (withRules.length === 0) return;
    await this.findWokenIgnores(db, withRules);
    const ids = withRules.map((issue) => issue.id);
    const ruleIds = [...new Set(withRules.flatMap((issue) => this.rulesByProject.get(issue.project_id)!.map((rule) => rule.id)))];
    for (const issueChunk of chunks(ids, 200)) {
      for (const ruleChunk of chunks(ruleIds, 200)) {
        const rows = await db.selectFrom("alert_rule_fires").select(["rule_id", "issue_id", "fired_at"]).where("rule_id", "in", ruleChunk).where("issue_id", "in", issueChunk).execute();
        for (const row of rows) this.fires.set(fireKey(Number(row.rule_id), Number(row.issue_id)), Number(row.fired_at));
      }
    }
    const needs = (issue: { project_id: number }) => this.frequencyNeeds(issue.project_id);
    const minuteIssues = withRules.filter((issue) => needs(issue).minutes).map((issue) => issue.id);
    const hourIssues = withRules.filter((issue) => needs(issue).hours).map((issue) => issue.id);
    for (const chunk of chunks(minuteIssues, 200)) {
      const rows = await db.selectFrom("issue_minute_counts").select(["issue_id", "minute", "count"]).where("issue_id", "in", chunk).where("minute", ">=", batchStart - longestMinuteWindow - minuteMs).execute();
      for (const row of rows) this.countersOf(Number(row.issue_id)).minutes.set(Number(row.minute), Number(row.count));
    }
    for (const chunk of chunks(hourIssues, 200)) {
      const rows = await db.selectFrom("issue_hourly_counts").select(["issue_id", "hour", "count"]).where("issue_id", "in", chunk).where("hour", ">=", batchStart - frequencyIntervals["1w"] - hourMs).execute();
      for (const row of rows) this.countersOf(Number(row.issue_id)).hours.set(Number(row.hour), Number(row.count));
    }
    const intervals = [...new Set(withRules.flatMap((issue) => needs(issue).users))];
    for (const interval of intervals) {
      const counted = withRules.filter((issue) => needs(issue).users.includes(interval)).map((issue) => issue.id);
      for (const issueId of counted) this.countersOf(issueId).users.set(interval, 0);
      for (const chunk of chunks(counted, 200)) {
        const rows = await db
          .selectFrom("issue_users")
          .select((eb) => ["issue_id", eb.fn.countAll<number>().as("users")])
          .where("issue_id", "in", chunk)
          .where("last_seen", ">", batchStart - frequencyIntervals[interval])
          .groupBy("issue_id")
          .execute();
        for (const row of rows) this.countersOf(Number(row.issue_id)).users.set(interval, Number(row.users));
      }
    }
    for (const [key, lastSeen] of knownUserSeen) {
      const [issueId, userKey] = splitKey(key);
      if (this.counters.has(issueId)) this.countersOf(issueId).userSeen.set(userKey, lastSeen);
    }
  }

  /**
   * Housekeeping wakes an issue whose ignore period ended without waiting for an event (wake-expired-ignores);
   * its next event is still the one that makes it reappear, as in Sentry, where the snooze ends at that event.
   * Only issues unresolved since after their last event are looked at (rare): their latest activity says why.
   */
  private async findWokenIgnores(db: Kysely<Database>, issues: Pick<IssueRow, "id" | "status" | "status_changed_at" | "last_seen">[]): Promise<void> {
    const candidates = issues.filter((issue) => issue.status === "unresolved" && issue.status_changed_at > issue.last_seen).map((issue) => issue.id);
    for (const issueId of candidates) {
      const latest = await db.selectFrom("issue_activity").select(["kind", "actor"]).where("issue_id", "=", issueId).orderBy("id", "desc").limit(1).executeTakeFirst();
      if (latest?.kind === "set_unresolved" && latest.actor === "system") this.wokenIgnores.add(issueId);
    }
  }

  private readonly wokenIgnores = new Set<number>();

  /** One event, after it was applied to its issue (the issue's counters include it). */
  observe(event: ObservedEvent, issue: IssueRow, transition: IssueTransition): void {
    if (this.wokenIgnores.delete(issue.id)) transition = { ...transition, reappeared: true };
    if (transition.regressed && (issue.assignee_user_id !== null || issue.assignee_team_id !== null)) this.regressedAssigned.push({ issue: { ...issue }, event });
    const rules = this.rulesByProject.get(event.projectId);
    if (!rules) return;
    const now = event.receivedAt;
    const counters = this.countersOf(issue.id);
    const minute = event.timestamp - (event.timestamp % minuteMs);
    counters.minutes.set(minute, (counters.minutes.get(minute) ?? 0) + 1);
    const hour = event.timestamp - (event.timestamp % hourMs);
    counters.hours.set(hour, (counters.hours.get(hour) ?? 0) + 1);
    if (event.userKey !== null) {
      const previous = counters.userSeen.get(event.userKey) ?? null;
      for (const interval of this.frequencyNeeds(event.projectId).users) {
        if (previous === null || previous <= now - frequencyIntervals[interval]) counters.users.set(interval, (counters.users.get(interval) ?? 0) + 1);
      }
      counters.userSeen.set(event.userKey, now);
    }

    for (const loaded of rules) {
      const { rule } = loaded;
      if (rule.environment !== null && rule.environment !== event.environment) continue;
      const met = rule.conditions.map((condition) => this.conditionMet(condition, issue, counters, transition, now));
      const passes = rule.actionMatch === "all" ? met.every((result) => result !== null) : met.some((result) => result !== null);
      if (!passes || !filtersPass(rule, subjectOf(event, issue), now)) continue;
      const key = fireKey(loaded.id, issue.id);
      const lastFired = this.fires.get(key);
      if (lastFired !== undefined && now - lastFired < rule.frequencyMinutes * minuteMs) continue;
      this.fires.set(key, now);
      this.firedNow.set(key, { ruleId: loaded.id, issueId: issue.id, firedAt: now });
      const first = met.find((result) => result !== null)!;
      this.decided.push({ rule: loaded, issue: { ...issue }, event, reason: first.reason, headline: first.headline });
    }
  }

  /** Writes fire times and the outbox rows; returns how many deliveries were enqueued. */
  async write(trx: Kysely<Database>): Promise<number> {
    if (this.decided.length === 0 && this.regressedAssigned.length === 0) return 0;
    const fires = [...this.firedNow.values()].sort((a, b) => a.ruleId - b.ruleId || a.issueId - b.issueId);
    for (const chunk of chunks(fires, 200)) {
      await trx
        .insertInto("alert_rule_fires")
        .values(chunk.map((fire) => ({ rule_id: fire.ruleId, issue_id: fire.issueId, fired_at: fire.firedAt })))
        .onConflict((conflict) => conflict.columns(["rule_id", "issue_id"]).doUpdateSet((eb) => ({ fired_at: eb.ref("excluded.fired_at") })))
        .execute();
    }
    const projects = await loadProjects(trx, [...this.decided.map((entry) => entry.event.projectId), ...this.regressedAssigned.map((entry) => entry.event.projectId)]);
    const channelIds = await loadChannelIds(trx, this.decided.flatMap((entry) => entry.rule.rule.actions.flatMap((action) => (action.id === "sentry.rules.actions.notify_event_service.NotifyEventServiceAction" ? [action.service] : []))));
    const deliveries: NewDelivery[] = [];
    for (const { rule, issue, event, reason, headline } of this.decided) {
      const project = projects.get(event.projectId)!;
      const message = buildAlertMessage({ reason, headline, issue, project, environment: event.environment, release: event.release, eventId: event.eventId, rule: { id: rule.id, name: rule.name }, now: event.receivedAt });
      deliveries.push(...(await ruleDeliveries(trx, rule, { projectId: event.projectId, ruleId: rule.id, issueId: issue.id, message }, issue, channelIds)));
    }
    for (const { issue, event } of this.regressedAssigned) {
      const project = projects.get(event.projectId)!;
      const message = buildAlertMessage({ reason: "assigned_regressed", headline: "An issue assigned to you regressed", issue, project, environment: event.environment, release: event.release, eventId: event.eventId, rule: null, now: event.receivedAt });
      for (const person of await findAssigneeUsers(trx, issue)) {
        if (await wantsWorkflowEmail(trx, person.id)) deliveries.push({ projectId: event.projectId, ruleId: null, issueId: issue.id, channelId: null, kind: "email", recipient: person.email, message });
      }
    }
    await enqueueDeliveries(trx, deliveries);
    return deliveries.length;
  }

  private countersOf(issueId: number): Counters {
    let counters = this.counters.get(issueId);
    if (!counters) {
      counters = { minutes: new Map(), hours: new Map(), users: new Map(), userSeen: new Map() };
      this.counters.set(issueId, counters);
    }
    return counters;
  }

  private readonly needsCache = new Map<number, { minutes: boolean; hours: boolean; users: FrequencyInterval[] }>();

  private frequencyNeeds(projectId: number): { minutes: boolean; hours: boolean; users: FrequencyInterval[] } {
    let needs = this.needsCache.get(projectId);
    if (needs) return needs;
    needs = { minutes: false, hours: false, users: [] };
    for (const { rule } of this.rulesByProject.get(projectId) ?? []) {
      for (const condition of rule.conditions) {
        if (condition.id === conditionIds.eventFrequency) {
          if (frequencyIntervals[condition.interval] <= longestMinuteWindow) needs.minutes = true;
          else needs.hours = true;
        } else if (condition.id === conditionIds.uniqueUserFrequency && !needs.users.includes(condition.interval)) {
          needs.users.push(condition.interval);
        }
      }
    }
    this.needsCache.set(projectId, needs);
    return needs;
  }

  private conditionMet(condition: RuleCondition, issue: IssueRow, counters: Counters, transition: IssueTransition, now: number): { reason: AlertReason; headline: string } | null {
    switch (condition.id) {
      case conditionIds.firstSeen:
        return transition.isNewIssue ? { reason: "new", headline: "New issue" } : null;
      case conditionIds.regression:
        return transition.regressed ? { reason: "regressed", headline: "Regressed: a resolved issue is back" } : null;
      case conditionIds.reappeared:
        return transition.reappeared ? { reason: "reappeared", headline: "Reappeared: an ignored issue is back" } : null;
      case conditionIds.eventFrequency: {
        const count = eventsInWindow(counters, condition.interval, now);
        return count > condition.value ? { reason: "frequency", headline: frequencyHeadline("events", count, condition.interval) } : null;
      }
      case conditionIds.uniqueUserFrequency: {
        const users = counters.users.get(condition.interval) ?? 0;
        return users > condition.value ? { reason: "users", headline: frequencyHeadline("users", users, condition.interval) } : null;
      }
      default:
        return null;
    }
  }
}

/** Events of the issue whose bucket overlaps (now − interval, now]. */
function eventsInWindow(counters: Counters, interval: FrequencyInterval, now: number): number {
  const span = frequencyIntervals[interval];
  const [buckets, size] = span <= longestMinuteWindow ? [counters.minutes, minuteMs] : [counters.hours, hourMs];
  let total = 0;
  for (const [start, count] of buckets) if (start + size > now - span && start <= now) total += count;
  return total;
}

/**
 * The deliveries of one rule's actions for one message: each e-mail recipient once (the rule's e-mail
 * actions may name the same person twice), and each channel the rule names that still exists (a deleted one
 * has nothing to post to; the rule page says so). `assignee` is whom "the issue's assignee" means.
 */
export async function ruleDeliveries(
  trx: Kysely<Database>,
  rule: LoadedRule,
  base: Pick<NewDelivery, "ruleId" | "issueId" | "message"> & { projectId: number },
  assignee: Pick<IssueRow, "assignee_user_id" | "assignee_team_id">,
  channels: Map<string, { id: number; kind: string }>,
): Promise<NewDelivery[]> {
  const deliveries: NewDelivery[] = [];
  const emailed = new Set<string>();
  for (const action of rule.rule.actions) {
    if (action.id === "sentry.mail.actions.NotifyEmailAction") {
      for (const recipient of await resolveEmailRecipients(trx, base.projectId, action as EmailAction, assignee)) {
        if (emailed.has(recipient)) continue;
        emailed.add(recipient);
        deliveries.push({ ...base, channelId: null, kind: "email", recipient });
      }
    } else {
      const channel = channels.get(action.service);
      if (channel) deliveries.push({ ...base, channelId: channel.id, kind: channel.kind as NewDelivery["kind"], recipient: null });
    }
  }
  return deliveries;
}

/** An event on its issue, as rule filters read it; the category follows the issue's type (cron and uptime failures are their own). */
function subjectOf(event: ObservedEvent, issue: IssueRow): AlertSubject {
  return {
    category: issueCategoryNumberOf(issue.type),
    level: event.level,
    tags: event.tags,
    attributes: {
      release: event.release,
      environment: event.environment,
      platform: event.platform,
      message: event.title,
      type: event.type,
      culprit: event.culprit,
      transaction: event.tags.find(([key]) => key === "transaction")?.[1] ?? null,
    },
    firstSeen: issue.first_seen,
    assigneeUserId: issue.assignee_user_id,
    assigneeTeamId: issue.assignee_team_id,
  };
}

export async function loadProjects(db: Kysely<Database>, ids: number[]): Promise<Map<number, { id: number; slug: string; name: string }>> {
  const unique = [...new Set(ids)];
  const projects = new Map<number, { id: number; slug: string; name: string }>();
  if (unique.length === 0) return projects;
  const rows = await db.selectFrom("projects").select(["id", "slug", "name"]).where("id", "in", unique).execute();
  for (const row of rows) projects.set(Number(row.id), { id: Number(row.id), slug: row.slug, name: row.name });
  return projects;
}

export async function loadChannelIds(db: Kysely<Database>, slugs: string[]): Promise<Map<string, { id: number; kind: string }>> {
  const unique = [...new Set(slugs)];
  const channels = new Map<string, { id: number; kind: string }>();
  if (unique.length === 0) return channels;
  const rows = await db.selectFrom("notification_channels").select(["id", "slug", "kind"]).where("slug", "in", unique).execute();
  for (const row of rows) channels.set(row.slug, { id: Number(row.id), kind: row.kind });
  return channels;
}

function fireKey(ruleId: number, issueId: number): string {
  return `${ruleId}:${issueId}`;
}

function splitKey(key: string): [number, string] {
  const split = key.indexOf("\u0000");
  return [Number(key.slice(0, split)), key.slice(split + 1)];
}
