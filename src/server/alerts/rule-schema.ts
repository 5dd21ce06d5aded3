import { z } from "zod";
import { actionIds, conditionIds, eventAttributes, filterIds, frequencyIntervals, issueCategories, levelNumbers, matchOperators, maxFrequencyMinutes, minFrequencyMinutes, type FrequencyInterval, type MatchOperator } from "@/lib/alert-rule-ids";

/**
 * An issue-alert rule in the shape of Sentry's issue-alert API (`/api/0/projects/{org}/{project}/rules/`),
 * which is also how Lantern stores and evaluates rules: the UI, the API and Terraform write the same JSON.
 * Each condition, filter and action is a loose object (fields Lantern does not read, such as Sentry's `name`
 * or `uuid`, are kept), so a rule read back equals the rule sent.
 */

export { actionIds, conditionIds, eventAttributes, filterIds, frequencyIntervals, issueCategories, levelNumbers, matchOperators, maxFrequencyMinutes, minFrequencyMinutes };
export type { FrequencyInterval, MatchOperator };

const wholeNumber = z.union([z.number(), z.string().regex(/^\d+$/, "expected a whole number")]).transform(Number).pipe(z.number().int().min(0, "expected a whole number ≥ 0").max(1e12));
const identifier = z.union([z.string().max(200), z.number().int()]).transform(String);

const frequencyCondition = (id: string) =>
  z.looseObject({
    id: z.literal(id),
    value: wholeNumber,
    interval: z.enum(Object.keys(frequencyIntervals) as [FrequencyInterval, ...FrequencyInterval[]], { message: `expected one of ${Object.keys(frequencyIntervals).join(", ")}` }),
    comparisonType: z.literal("count", { message: 'only "count" is supported' }).optional(),
  });

export const RuleCondition = z.discriminatedUnion("id", [
  z.looseObject({ id: z.literal(conditionIds.firstSeen) }),
  z.looseObject({ id: z.literal(conditionIds.regression) }),
  z.looseObject({ id: z.literal(conditionIds.reappeared) }),
  frequencyCondition(conditionIds.eventFrequency),
  frequencyCondition(conditionIds.uniqueUserFrequency),
], { message: `unknown condition id; expected one of ${Object.values(conditionIds).join(", ")}` });
export type RuleCondition = z.output<typeof RuleCondition>;

const matchOperator = z.enum(matchOperators, { message: `expected one of ${matchOperators.join(", ")}` });
const levelValue = z
  .union([z.number(), z.string()])
  .transform(String)
  .pipe(z.enum(Object.values(levelNumbers).map(String) as [string, ...string[]], { message: "expected 10 (debug), 20 (info), 30 (warning), 40 (error) or 50 (fatal)" }));
/** Sentry sends the category as a number or a numeric string; it is evaluated as a number. */
const categoryValue = z
  .union([z.number(), z.string()])
  .transform(String)
  .pipe(z.enum(Object.values(issueCategories).map(String) as [string, ...string[]], { message: "expected an issue category: 1 (error), 4 (cron), 6 (feedback), 7 (uptime), or another of Sentry's" }))
  .transform(Number);

export const RuleFilter = z.discriminatedUnion("id", [
  z.looseObject({ id: z.literal(filterIds.level), match: z.enum(["eq", "gte", "lte"], { message: "expected eq, gte or lte" }), level: levelValue }),
  z.looseObject({ id: z.literal(filterIds.tagged), key: z.string().trim().min(1, "a tag key is required").max(200), match: matchOperator, value: z.string().max(1000).optional() }),
  z.looseObject({
    id: z.literal(filterIds.age),
    comparison_type: z.enum(["older", "newer"], { message: "expected older or newer" }),
    value: wholeNumber,
    time: z.enum(["minute", "hour", "day", "week"], { message: "expected minute, hour, day or week" }),
  }),
  z.looseObject({
    id: z.literal(filterIds.assignedTo),
    targetType: z.enum(["Unassigned", "Member", "Team"], { message: "expected Unassigned, Member or Team" }),
    targetIdentifier: identifier.optional().nullable(),
  }),
  z.looseObject({
    id: z.literal(filterIds.eventAttribute),
    attribute: z.enum(eventAttributes, { message: `expected one of ${eventAttributes.join(", ")}` }),
    match: matchOperator,
    value: z.string().max(1000).optional(),
  }),
  z.looseObject({ id: z.literal(filterIds.issueCategory), value: categoryValue }),
], { message: `unknown filter id; expected one of ${Object.values(filterIds).join(", ")}` });
export type RuleFilter = z.output<typeof RuleFilter>;

export const RuleAction = z.discriminatedUnion("id", [
  z.looseObject({
    id: z.literal(actionIds.email),
    targetType: z.enum(["IssueOwners", "Team", "Member"], { message: "expected IssueOwners, Team or Member" }),
    targetIdentifier: identifier.optional().nullable(),
    fallthroughType: z.enum(["ActiveMembers", "AllMembers", "NoOne"], { message: "expected ActiveMembers, AllMembers or NoOne" }).optional(),
  }),
  z.looseObject({ id: z.literal(actionIds.service), service: z.string().trim().min(1, "a notification channel's slug is required").max(100) }),
], { message: `unknown action id; expected one of ${Object.values(actionIds).join(", ")}` });
export type RuleAction = z.output<typeof RuleAction>;

/** A rule as sent to the API (and kept): Sentry's field names. */
export const RuleInput = z.object({
  name: z.string().trim().min(1, "a name is required").max(256, "at most 256 characters"),
  actionMatch: z.enum(["any", "all"], { message: "expected any or all" }).default("any"),
  filterMatch: z.enum(["any", "all", "none"], { message: "expected any, all or none" }).default("all"),
  frequency: wholeNumber.pipe(z.number().min(minFrequencyMinutes, `at least ${minFrequencyMinutes} minutes`).max(maxFrequencyMinutes, `at most ${maxFrequencyMinutes} minutes (30 days)`)).default(30),
  environment: z.string().trim().max(64).nullable().optional().transform((value) => (value ? value : null)),
  conditions: z.array(z.unknown()).min(1, "at least one condition is required").max(20),
  filters: z.array(z.unknown()).max(20).default([]),
  actions: z.array(z.unknown()).min(1, "at least one action is required").max(20),
});

export interface ParsedRule {
  name: string;
  actionMatch: "any" | "all";
  filterMatch: "any" | "all" | "none";
  frequencyMinutes: number;
  environment: string | null;
  /** As sent (kept verbatim so a read returns what was written)… */
  raw: { conditions: unknown[]; filters: unknown[]; actions: unknown[] };
  /** …and as evaluated. */
  conditions: RuleCondition[];
  filters: RuleFilter[];
  actions: RuleAction[];
}

export type RuleProblem = { field: string; message: string };

/** Validates a rule; a problem names the field as `conditions[0].interval`. */
export function parseRule(input: unknown): { rule: ParsedRule } | { problem: RuleProblem } {
  const top = RuleInput.safeParse(input);
  if (!top.success) return { problem: problemOf(top.error, "") };
  const lists = { conditions: RuleCondition, filters: RuleFilter, actions: RuleAction } as const;
  const parsed: Record<string, unknown[]> = {};
  for (const [field, schema] of Object.entries(lists)) {
    parsed[field] = [];
    for (const [index, item] of top.data[field as keyof typeof lists].entries()) {
      const result = (schema as z.ZodType).safeParse(item);
      if (!result.success) return { problem: problemOf(result.error, `${field}[${index}]`) };
      parsed[field]!.push(result.data);
    }
  }
  return {
    rule: {
      name: top.data.name,
      actionMatch: top.data.actionMatch,
      filterMatch: top.data.filterMatch,
      frequencyMinutes: top.data.frequency,
      environment: top.data.environment,
      raw: { conditions: top.data.conditions, filters: top.data.filters, actions: top.data.actions },
      conditions: parsed.conditions as RuleCondition[],
      filters: parsed.filters as RuleFilter[],
      actions: parsed.actions as RuleAction[],
    },
  };
}

function problemOf(error: z.ZodError, prefix: string): RuleProblem {
  const issue = error.issues[0]!;
  let field = prefix;
  for (const part of issue.path) field += typeof part === "number" ? `[${part}]` : field ? `.${String(part)}` : String(part);
  return { field: field || "body", message: issue.message };
}

/** The rule every new project starts with (its creator may untick it), as Sentry's default. */
export const defaultRuleInput = {
  name: "Notify on every new issue",
  actionMatch: "any",
  filterMatch: "all",
  frequency: 30,
  environment: null,
  conditions: [{ id: conditionIds.firstSeen }],
  filters: [],
  actions: [{ id: actionIds.email, targetType: "IssueOwners", fallthroughType: "ActiveMembers" }],
} as const;
