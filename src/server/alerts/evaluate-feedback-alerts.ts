import type { Kysely } from "kysely";
import { chunks } from "../db/chunks";
import type { Database } from "../db/schema";
import { clipText } from "./describe-alert-message";
import type { AlertMessage } from "./alert-message";
import { loadChannelIds, loadProjects, ruleDeliveries } from "./alert-evaluator";
import { enqueueDeliveries, type NewDelivery } from "./enqueue-deliveries";
import { loadActiveRules, type LoadedRule } from "./load-active-rules";
import { feedbackCategory, filtersPass, namesCategory, type AlertSubject } from "./rule-filters";
import { actionIds, conditionIds } from "./rule-schema";

/** A feedback row digest has just inserted (a repeated feedback id is not one). */
export interface NewFeedback {
  id: number;
  project_id: number;
  linked_event_id: string | null;
  name: string | null;
  email: string | null;
  message: string;
  url: string | null;
  environment: string | null;
  received_at: number;
}

/** The feedback text an alert carries; each format clips it further to what its receiver allows. */
const maxAlertComment = 2000;

/**
 * Issue-alert rules on new user feedback, decided in the digest transaction that inserts the feedback, so the
 * feedback and its messages commit together. As in Sentry, where each feedback is an issue of category
 * Feedback, a rule fires on feedback through its "a new issue is created" condition — but only a rule whose
 * issue-category filter names Feedback, so the rules a project has for errors do not page on every comment
 * (docs/alerts.md → "Feedback alerts"). The rule's environment, filters and mute apply. Its action interval
 * holds no feedback back: it counts per issue, and each feedback is new, as each is its own issue in Sentry.
 * Returns how many deliveries were enqueued.
 */
export async function evaluateFeedbackAlerts(trx: Kysely<Database>, feedback: NewFeedback[], now = Date.now()): Promise<number> {
  if (feedback.length === 0) return 0;
  const rulesByProject = await loadActiveRules(trx, feedback.map((item) => item.project_id), now);
  for (const [projectId, rules] of rulesByProject) {
    const feedbackRules = rules.filter((loaded) => namesCategory(loaded.rule, feedbackCategory) && loaded.rule.conditions.some((condition) => condition.id === conditionIds.firstSeen));
    if (feedbackRules.length > 0) rulesByProject.set(projectId, feedbackRules);
    else rulesByProject.delete(projectId);
  }
  if (rulesByProject.size === 0) return 0;

  const decided: { rule: LoadedRule; item: NewFeedback }[] = [];
  for (const item of [...feedback].sort((a, b) => a.id - b.id)) {
    for (const loaded of rulesByProject.get(item.project_id) ?? []) {
      const { rule } = loaded;
      if (rule.environment !== null && rule.environment !== item.environment) continue;
      // New feedback meets "a new issue is created" and no other condition (it has no history to regress or count).
      if (rule.actionMatch === "all" && !rule.conditions.every((condition) => condition.id === conditionIds.firstSeen)) continue;
      if (!filtersPass(rule, subjectOf(item), item.received_at)) continue;
      decided.push({ rule: loaded, item });
    }
  }
  if (decided.length === 0) return 0;

  const projects = await loadProjects(trx, decided.map(({ item }) => item.project_id));
  const linkedIssues = await loadLinkedIssues(trx, decided.map(({ item }) => item));
  const channels = await loadChannelIds(trx, decided.flatMap(({ rule }) => rule.rule.actions.flatMap((action) => (action.id === actionIds.service ? [action.service] : []))));
  const deliveries: NewDelivery[] = [];
  for (const { rule, item } of decided) {
    const project = projects.get(item.project_id)!;
    const linked = item.linked_event_id ? (linkedIssues.get(`${item.project_id}\u0000${item.linked_event_id}`) ?? null) : null;
    const message = buildFeedbackMessage(item, project, linked, { id: rule.id, name: rule.name });
    // New feedback is assigned to nobody: "the issue's assignee" falls through as the rule says.
    deliveries.push(...(await ruleDeliveries(trx, rule, { projectId: item.project_id, ruleId: rule.id, issueId: null, message }, { assignee_user_id: null, assignee_team_id: null }, channels)));
  }
  await enqueueDeliveries(trx, deliveries, now);
  return deliveries.length;
}

/**
 * Feedback as rule filters read it: category Feedback, level info (the level Sentry's SDKs send feedback
 * with), no tags, new and assigned to nobody; of the event attributes it has its environment and its text as
 * `message`. A filter on anything else (release, platform, a tag) does not match.
 */
function subjectOf(item: NewFeedback): AlertSubject {
  return {
    category: feedbackCategory,
    level: "info",
    tags: [],
    attributes: { environment: item.environment, message: item.message },
    firstSeen: item.received_at,
    assigneeUserId: null,
    assigneeTeamId: null,
  };
}

export function buildFeedbackMessage(item: NewFeedback, project: { id: number; slug: string; name: string }, linked: { id: number; title: string } | null, rule: { id: number; name: string } | null): AlertMessage {
  const projectPath = `/projects/${encodeURIComponent(project.slug)}`;
  const url = `${projectPath}/feedback#feedback-${item.id}`;
  const author = item.name ?? item.email;
  return {
    reason: "feedback",
    headline: "New user feedback",
    issue: { id: 0, title: author ? `Feedback from ${author}` : "Feedback", culprit: item.url ?? "", level: "info", status: "new", url, firstSeen: item.received_at, lastSeen: item.received_at, count: 1, userCount: 0 },
    project,
    environment: item.environment,
    release: null,
    eventId: null,
    rule: rule ? { ...rule, url: `${projectPath}/alerts/${rule.id}` } : null,
    actor: author,
    comment: clipText(item.message, maxAlertComment),
    createdAt: item.received_at,
    feedback: {
      id: item.id,
      name: item.name,
      email: item.email,
      pageUrl: item.url,
      url,
      linkedIssue: linked ? { id: linked.id, title: linked.title, url: `${projectPath}/issues/${linked.id}` } : null,
    },
  };
}

/** The issues of the events feedback names, by project and event id (an event digested in this batch counts). */
async function loadLinkedIssues(db: Kysely<Database>, items: NewFeedback[]): Promise<Map<string, { id: number; title: string }>> {
  const linked = new Map<string, { id: number; title: string }>();
  const byProject = new Map<number, string[]>();
  for (const item of items) if (item.linked_event_id) byProject.set(item.project_id, [...(byProject.get(item.project_id) ?? []), item.linked_event_id]);
  for (const [projectId, eventIds] of byProject) {
    for (const chunk of chunks([...new Set(eventIds)], 200)) {
      const rows = await db
        .selectFrom("events")
        .innerJoin("issues", "issues.id", "events.issue_id")
        .select(["events.event_id", "issues.id", "issues.title"])
        .where("events.project_id", "=", projectId)
        .where("events.event_id", "in", chunk)
        .execute();
      for (const row of rows) linked.set(`${projectId}\u0000${row.event_id}`, { id: Number(row.id), title: row.title });
    }
  }
  return linked;
}
