import type { AlertRuleView } from "./alert-rule-view";
import { actionIds, conditionIds, filterIds, issueCategories, levelNumbers } from "./rule-schema";
import type { RuleSummary } from "@/lib/views/alerts";
export type { RuleSummary } from "@/lib/views/alerts";

/** Names to show instead of ids: channels by slug, people by user id, teams by id. */
export interface RuleTargetNames {
  channels: ReadonlyMap<string, string>;
  people: ReadonlyMap<string, string>;
  teams: ReadonlyMap<string, string>;
}

type Loose = Record<string, unknown>;
const asObject = (value: unknown): Loose => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Loose) : {});
const text = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

export const intervalWords: Record<string, string> = { "1m": "1 minute", "5m": "5 minutes", "15m": "15 minutes", "1h": "1 hour", "1d": "1 day", "1w": "1 week" };
export const matchWords: Record<string, string> = { eq: "equals", ne: "does not equal", co: "contains", nc: "does not contain", sw: "starts with", nsw: "does not start with", ew: "ends with", new: "does not end with", is: "is set", ns: "is not set" };
export const levelMatchWords: Record<string, string> = { gte: "at least", eq: "equal to", lte: "at most" };
const levelNames = new Map(Object.entries(levelNumbers).map(([name, number]) => [String(number), name]));
const categoryNames = new Map(Object.entries(issueCategories).map(([name, number]) => [String(number), name === "metric_alert" ? "Metric alert" : name[0]!.toUpperCase() + name.slice(1)]));

/** Whether the rule's category filter names Feedback: it then fires on new user feedback too. */
function namesFeedback(rule: AlertRuleView): boolean {
  return rule.filters.some((raw) => text(asObject(raw).id) === filterIds.issueCategory && text(asObject(raw).value) === String(issueCategories.feedback));
}

/** "30 minutes", "3 hours", "1 day", "1 week", "30 days": an action interval in minutes, in words. */
export function minutesInWords(minutes: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  if (minutes % 10_080 === 0 && minutes !== 43_200) return plural(minutes / 10_080, "week");
  if (minutes % 1440 === 0) return plural(minutes / 1440, "day");
  if (minutes % 60 === 0) return plural(minutes / 60, "hour");
  return plural(minutes, "minute");
}

function describeCondition(raw: unknown): string {
  const item = asObject(raw);
  switch (text(item.id)) {
    case conditionIds.firstSeen:
      return "a new issue is created";
    case conditionIds.regression:
      return "a resolved issue regresses";
    case conditionIds.reappeared:
      return "an ignored issue comes back";
    case conditionIds.eventFrequency:
      return `an issue has more than ${text(item.value)} events in ${intervalWords[text(item.interval)] ?? text(item.interval)}`;
    case conditionIds.uniqueUserFrequency:
      return `an issue has more than ${text(item.value)} distinct users in ${intervalWords[text(item.interval)] ?? text(item.interval)}`;
    default:
      return text(item.id);
  }
}

function describeTarget(type: string, identifier: string, names: RuleTargetNames): string {
  if (type === "Member") return names.people.get(identifier) ?? `person ${identifier}`;
  if (type === "Team") return `team ${names.teams.get(identifier) ?? identifier}`;
  return "nobody";
}

function describeFilter(raw: unknown, names: RuleTargetNames): string {
  const item = asObject(raw);
  const matched = (subject: string) => `${subject} ${matchWords[text(item.match)] ?? text(item.match)}${["is", "ns"].includes(text(item.match)) ? "" : ` “${text(item.value)}”`}`;
  switch (text(item.id)) {
    case filterIds.level:
      return `level is ${levelMatchWords[text(item.match)] ?? text(item.match)} ${levelNames.get(text(item.level)) ?? text(item.level)}`;
    case filterIds.tagged:
      return matched(`tag ${text(item.key)}`);
    case filterIds.eventAttribute:
      return matched(`the event's ${text(item.attribute)}`);
    case filterIds.age:
      return `the issue is ${text(item.comparison_type)} than ${text(item.value)} ${text(item.time)}${text(item.value) === "1" ? "" : "s"}`;
    case filterIds.issueCategory:
      return `the issue's category is ${categoryNames.get(text(item.value)) ?? text(item.value)}`;
    case filterIds.assignedTo: {
      const type = text(item.targetType);
      return type === "Unassigned" ? "the issue is assigned to nobody" : `the issue is assigned to ${describeTarget(type, text(item.targetIdentifier), names)}`;
    }
    default:
      return text(item.id);
  }
}

function describeAction(raw: unknown, names: RuleTargetNames): string {
  const item = asObject(raw);
  if (text(item.id) === actionIds.service) {
    const slug = text(item.service);
    return `post to ${names.channels.get(slug) ?? slug}`;
  }
  if (text(item.id) === actionIds.email) {
    const type = text(item.targetType);
    if (type === "IssueOwners") return text(item.fallthroughType) === "NoOne" ? "e-mail the issue's assignee" : "e-mail the issue's assignee, else the project's members";
    return `e-mail ${describeTarget(type, text(item.targetIdentifier), names)}`;
  }
  return text(item.id);
}

/** "a", "a or b", "a; b; or c" (semicolons: the parts may hold commas). */
function joinWith(parts: string[], word: string): string {
  if (parts.length <= 1) return parts.join("");
  if (parts.length === 2) return `${parts[0]} ${word} ${parts[1]}`;
  return `${parts.slice(0, -1).join("; ")}; ${word} ${parts.at(-1)}`;
}

/** A rule in words, one line each for When, If and Then, as the rules list shows it. */
export function describeAlertRule(rule: AlertRuleView, names: RuleTargetNames): RuleSummary {
  const conditions = rule.conditions.map(describeCondition);
  const filters = rule.filters.map((filter) => describeFilter(filter, names));
  const filterWord = rule.filterMatch === "any" ? "or" : "and";
  let filterText = joinWith(filters, filterWord);
  if (rule.filterMatch === "none" && filters.length > 0) filterText = `none of: ${filters.join("; ")}`;
  const environment = rule.environment ? `in environment “${rule.environment}”` : "";
  return {
    when: joinWith(conditions, rule.actionMatch === "all" ? "and" : "or"),
    if: [environment, filterText].filter(Boolean).join(", "),
    then: joinWith(rule.actions.map((action) => describeAction(action, names)), "and"),
    // Feedback has no issue to count per: its messages are spaced per rule (evaluate-feedback-alerts).
    interval: namesFeedback(rule) ? "each new feedback as it arrives" : `at most once per issue every ${minutesInWords(rule.frequency)}`,
  };
}
