import { filterIds, issueCategories, levelNumbers, type MatchOperator, type ParsedRule, type RuleFilter } from "./rule-schema";

/**
 * What a rule's filters look at, whatever fired it: an error event on its issue (alert-evaluator) or a new
 * piece of user feedback (evaluate-feedback-alerts). Each builds one of these, so both read filters alike.
 */
export interface AlertSubject {
  /** Sentry's GroupCategory number: 1 for Lantern's error issues, 6 for feedback. */
  category: number;
  level: string;
  tags: [string, string][];
  /** The event attributes a rule can match; null when the subject has none. */
  attributes: Record<string, string | null>;
  firstSeen: number;
  assigneeUserId: string | null;
  assigneeTeamId: number | null;
}

const minuteMs = 60_000;
const ageUnits = { minute: minuteMs, hour: 3_600_000, day: 86_400_000, week: 604_800_000 } as const;

export function filtersPass(rule: ParsedRule, subject: AlertSubject, now: number): boolean {
  if (rule.filters.length === 0) return true;
  const results = rule.filters.map((filter) => filterPasses(filter, subject, now));
  if (rule.filterMatch === "all") return results.every(Boolean);
  if (rule.filterMatch === "any") return results.some(Boolean);
  return !results.some(Boolean);
}

/** Whether the rule names a category filter that `category` passes — feedback fires only such rules. */
export function namesCategory(rule: ParsedRule, category: number): boolean {
  return rule.filters.some((filter) => filter.id === filterIds.issueCategory && filter.value === category);
}

export const feedbackCategory = issueCategories.feedback;

function filterPasses(filter: RuleFilter, subject: AlertSubject, now: number): boolean {
  switch (filter.id) {
    case filterIds.level: {
      const level = levelNumbers[subject.level as keyof typeof levelNumbers] ?? levelNumbers.error;
      const wanted = Number(filter.level);
      return filter.match === "eq" ? level === wanted : filter.match === "gte" ? level >= wanted : level <= wanted;
    }
    case filterIds.tagged: {
      const value = subject.tags.find(([key]) => key === filter.key)?.[1];
      return matches(filter.match, value, filter.value ?? "");
    }
    case filterIds.age: {
      const age = now - subject.firstSeen;
      const limit = filter.value * ageUnits[filter.time];
      return filter.comparison_type === "older" ? age > limit : age < limit;
    }
    case filterIds.assignedTo:
      if (filter.targetType === "Unassigned") return subject.assigneeUserId === null && subject.assigneeTeamId === null;
      if (filter.targetType === "Team") return subject.assigneeTeamId !== null && String(subject.assigneeTeamId) === String(filter.targetIdentifier ?? "");
      return subject.assigneeUserId !== null && subject.assigneeUserId === String(filter.targetIdentifier ?? "");
    case filterIds.eventAttribute:
      return matches(filter.match, subject.attributes[filter.attribute] ?? undefined, filter.value ?? "");
    case filterIds.issueCategory:
      return subject.category === filter.value;
    default:
      return false;
  }
}

/** Sentry's match operators; "is" / "ns" test presence. Comparisons ignore case, as Sentry's do. */
export function matches(operator: MatchOperator, actual: string | null | undefined, expected: string): boolean {
  if (operator === "is") return actual !== undefined && actual !== null && actual !== "";
  if (operator === "ns") return actual === undefined || actual === null || actual === "";
  const value = (actual ?? "").toLowerCase();
  const wanted = expected.toLowerCase();
  const present = actual !== undefined && actual !== null;
  switch (operator) {
    case "eq":
      return present && value === wanted;
    case "ne":
      return !present || value !== wanted;
    case "sw":
      return present && value.startsWith(wanted);
    case "nsw":
      return !present || !value.startsWith(wanted);
    case "ew":
      return present && value.endsWith(wanted);
    case "new":
      return !present || !value.endsWith(wanted);
    case "co":
      return present && value.includes(wanted);
    case "nc":
      return !present || !value.includes(wanted);
  }
}
