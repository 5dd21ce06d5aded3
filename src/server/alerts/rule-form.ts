import type { AlertRuleView } from "./alert-rule-view";
import { actionIds, conditionIds, defaultRuleInput, filterIds, frequencyIntervals, issueCategories, levelNumbers } from "./rule-schema";
import type { RuleFormValues } from "@/lib/views/alerts";
export type { RuleFormValues } from "@/lib/views/alerts";

export const checkboxFields = [
  "whenFirstSeen",
  "whenRegression",
  "whenReappeared",
  "whenEvents",
  "whenUsers",
  "ifLevel",
  "ifRelease",
  "ifTag",
  "ifAge",
  "ifAssigned",
  "ifCategory",
  "thenEmail",
  "thenChannel",
] as const satisfies readonly (keyof RuleFormValues)[];

/** The action intervals the form offers, in minutes (Sentry's list). */
export const actionIntervalChoices = [5, 10, 30, 60, 180, 720, 1440, 10_080, 43_200] as const;
export const frequencyIntervalChoices = Object.keys(frequencyIntervals) as (keyof typeof frequencyIntervals)[];
export const tagMatchChoices = ["eq", "ne", "co", "sw", "is"] as const;
export const releaseMatchChoices = ["eq", "ne", "co", "sw"] as const;
export const levelChoices = Object.entries(levelNumbers).map(([name, number]) => ({ name, value: String(number) }));

const blank: RuleFormValues = {
  name: "",
  actionMatch: "any",
  filterMatch: "all",
  frequency: "30",
  environment: "",
  whenFirstSeen: false,
  whenRegression: false,
  whenReappeared: false,
  whenEvents: false,
  whenEventsValue: "100",
  whenEventsInterval: "1h",
  whenUsers: false,
  whenUsersValue: "10",
  whenUsersInterval: "1h",
  ifLevel: false,
  ifLevelMatch: "gte",
  ifLevelValue: "40",
  ifRelease: false,
  ifReleaseMatch: "eq",
  ifReleaseValue: "",
  ifTag: false,
  ifTagKey: "",
  ifTagMatch: "eq",
  ifTagValue: "",
  ifAge: false,
  ifAgeComparison: "older",
  ifAgeValue: "1",
  ifAgeUnit: "day",
  ifAssigned: false,
  ifAssignedType: "Unassigned",
  ifAssignedMember: "",
  ifAssignedTeam: "",
  ifCategory: false,
  ifCategoryValue: String(issueCategories.error),
  thenEmail: false,
  thenEmailTarget: "IssueOwners",
  thenEmailMember: "",
  thenEmailTeam: "",
  thenChannel: false,
  thenChannelSlug: "",
};

type Loose = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
const asObject = (value: unknown): Loose => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Loose) : {});

/** The fields Sentry's UI and Terraform send that the form does not show but that change nothing Lantern does. */
const harmlessKeys = new Set(["id", "name", "uuid", "label"]);

function extraKeys(item: Loose, known: string[]): string[] {
  return Object.keys(item).filter((key) => !harmlessKeys.has(key) && !known.includes(key));
}

/** A new rule's form: "when a new issue is created, e-mail the issue's assignee, else the project's members". */
export function newRuleFormValues(): RuleFormValues {
  return { ...blank, name: "", whenFirstSeen: true, thenEmail: true, frequency: String(defaultRuleInput.frequency) };
}

/** The form's fields for a stored rule, and what of it the form cannot show (in words). */
export function ruleFormValuesOf(rule: AlertRuleView): { values: RuleFormValues; unshown: string[] } {
  const values: RuleFormValues = { ...blank, name: rule.name, actionMatch: rule.actionMatch, filterMatch: rule.filterMatch, frequency: String(rule.frequency), environment: rule.environment ?? "" };
  const unshown: string[] = [];
  const take = (slot: keyof RuleFormValues, what: string): boolean => {
    if (values[slot] === true) {
      unshown.push(`a second ${what}`);
      return false;
    }
    return true;
  };
  for (const raw of rule.conditions) {
    const item = asObject(raw);
    const id = text(item.id);
    if (id === conditionIds.firstSeen && take("whenFirstSeen", "new-issue condition")) values.whenFirstSeen = true;
    else if (id === conditionIds.regression && take("whenRegression", "regression condition")) values.whenRegression = true;
    else if (id === conditionIds.reappeared && take("whenReappeared", "comes-back condition")) values.whenReappeared = true;
    else if (id === conditionIds.eventFrequency && take("whenEvents", "event-count condition")) Object.assign(values, { whenEvents: true, whenEventsValue: text(item.value), whenEventsInterval: text(item.interval) });
    else if (id === conditionIds.uniqueUserFrequency && take("whenUsers", "user-count condition")) Object.assign(values, { whenUsers: true, whenUsersValue: text(item.value), whenUsersInterval: text(item.interval) });
    else if (!Object.values(conditionIds).includes(id as never)) unshown.push(`the condition ${id || "without id"}`);
  }
  for (const raw of rule.filters) {
    const item = asObject(raw);
    const id = text(item.id);
    if (id === filterIds.level && take("ifLevel", "level filter")) Object.assign(values, { ifLevel: true, ifLevelMatch: text(item.match), ifLevelValue: text(item.level) });
    else if (id === filterIds.eventAttribute) {
      if (text(item.attribute) !== "release") unshown.push(`the filter on the event's ${text(item.attribute) || "attribute"}`);
      else if (take("ifRelease", "release filter")) Object.assign(values, { ifRelease: true, ifReleaseMatch: text(item.match), ifReleaseValue: text(item.value) });
    }
    else if (id === filterIds.tagged && take("ifTag", "tag filter")) Object.assign(values, { ifTag: true, ifTagKey: text(item.key), ifTagMatch: text(item.match), ifTagValue: text(item.value) });
    else if (id === filterIds.age && take("ifAge", "age filter")) Object.assign(values, { ifAge: true, ifAgeComparison: text(item.comparison_type), ifAgeValue: text(item.value), ifAgeUnit: text(item.time) });
    else if (id === filterIds.assignedTo && take("ifAssigned", "assignee filter")) {
      const type = text(item.targetType);
      Object.assign(values, { ifAssigned: true, ifAssignedType: type, ...(type === "Member" ? { ifAssignedMember: text(item.targetIdentifier) } : type === "Team" ? { ifAssignedTeam: text(item.targetIdentifier) } : {}) });
    } else if (id === filterIds.issueCategory && take("ifCategory", "category filter")) Object.assign(values, { ifCategory: true, ifCategoryValue: text(item.value) });
    else if (!Object.values(filterIds).includes(id as never)) unshown.push(`the filter ${id || "without id"}`);
  }
  for (const raw of rule.actions) {
    const item = asObject(raw);
    const id = text(item.id);
    if (id === actionIds.email && take("thenEmail", "e-mail action")) {
      const target = text(item.targetType);
      Object.assign(values, { thenEmail: true, thenEmailTarget: target, ...(target === "Member" ? { thenEmailMember: text(item.targetIdentifier) } : target === "Team" ? { thenEmailTeam: text(item.targetIdentifier) } : {}) });
      if (target === "IssueOwners" && (text(item.fallthroughType) || "ActiveMembers") === "NoOne") unshown.push("the e-mail action's fallthrough to nobody");
      const extra = extraKeys(item, ["targetType", "targetIdentifier", "fallthroughType"]);
      if (extra.length > 0) unshown.push(`the e-mail action's ${extra.join(", ")}`);
    } else if (id === actionIds.service && take("thenChannel", "channel action")) Object.assign(values, { thenChannel: true, thenChannelSlug: text(item.service) });
    else if (id !== actionIds.email && id !== actionIds.service) unshown.push(`the action ${id || "without id"}`);
  }
  return { values, unshown };
}

/** A form's posted values: checkboxes are "on" when ticked and absent otherwise. */
export function ruleFormValuesFromForm(read: (name: string) => string): RuleFormValues {
  const values = { ...blank };
  for (const key of Object.keys(blank) as (keyof RuleFormValues)[]) {
    if ((checkboxFields as readonly string[]).includes(key)) (values as Record<string, unknown>)[key] = read(key) === "on";
    else (values as Record<string, unknown>)[key] = read(key).trim();
  }
  return values;
}

/**
 * Sentry's issue-alert JSON for the form's values. Nothing is checked here: createAlertRule and
 * updateAlertRule parse it and answer a 400 naming the field, which the form shows.
 */
export function ruleInputFromForm(values: RuleFormValues): Record<string, unknown> {
  const conditions: Loose[] = [];
  if (values.whenFirstSeen) conditions.push({ id: conditionIds.firstSeen });
  if (values.whenRegression) conditions.push({ id: conditionIds.regression });
  if (values.whenReappeared) conditions.push({ id: conditionIds.reappeared });
  if (values.whenEvents) conditions.push({ id: conditionIds.eventFrequency, value: wholeNumberOr(values.whenEventsValue), interval: values.whenEventsInterval });
  if (values.whenUsers) conditions.push({ id: conditionIds.uniqueUserFrequency, value: wholeNumberOr(values.whenUsersValue), interval: values.whenUsersInterval });
  const filters: Loose[] = [];
  if (values.ifCategory) filters.push({ id: filterIds.issueCategory, value: wholeNumberOr(values.ifCategoryValue) });
  if (values.ifLevel) filters.push({ id: filterIds.level, match: values.ifLevelMatch, level: values.ifLevelValue });
  if (values.ifRelease) filters.push({ id: filterIds.eventAttribute, attribute: "release", match: values.ifReleaseMatch, value: values.ifReleaseValue });
  if (values.ifTag) filters.push({ id: filterIds.tagged, key: values.ifTagKey, match: values.ifTagMatch, ...(values.ifTagMatch === "is" ? {} : { value: values.ifTagValue }) });
  if (values.ifAge) filters.push({ id: filterIds.age, comparison_type: values.ifAgeComparison, value: wholeNumberOr(values.ifAgeValue), time: values.ifAgeUnit });
  if (values.ifAssigned) filters.push({ id: filterIds.assignedTo, targetType: values.ifAssignedType, ...targetIdentifier(values.ifAssignedType, values.ifAssignedMember, values.ifAssignedTeam) });
  const actions: Loose[] = [];
  if (values.thenEmail) {
    actions.push({
      id: actionIds.email,
      targetType: values.thenEmailTarget,
      ...(values.thenEmailTarget === "IssueOwners" ? { fallthroughType: "ActiveMembers" } : targetIdentifier(values.thenEmailTarget, values.thenEmailMember, values.thenEmailTeam)),
    });
  }
  if (values.thenChannel) actions.push({ id: actionIds.service, service: values.thenChannelSlug });
  return {
    name: values.name,
    actionMatch: values.actionMatch,
    filterMatch: values.filterMatch,
    frequency: wholeNumberOr(values.frequency),
    environment: values.environment === "" ? null : values.environment,
    conditions,
    filters,
    actions,
  };
}

/** Digits become a number, as Sentry's own UI sends counts; anything else goes as typed, for the verb to name. */
function wholeNumberOr(text: string): number | string {
  return /^\d{1,12}$/.test(text) ? Number(text) : text;
}

function targetIdentifier(type: string, member: string, team: string): Loose {
  if (type === "Member") return { targetIdentifier: member };
  if (type === "Team") return { targetIdentifier: team };
  return {};
}
