import { describe, expect, it } from "vitest";
import type { AlertRuleView } from "./alert-rule-view";
import { describeAlertRule, minutesInWords } from "./describe-alert-rule";
import { newRuleFormValues, ruleFormValuesFromForm, ruleFormValuesOf, ruleInputFromForm } from "./rule-form";
import { actionIds, conditionIds, defaultRuleInput, filterIds, issueCategories, parseRule } from "./rule-schema";

function viewOf(rule: Record<string, unknown>): AlertRuleView {
  const parsed = parseRule(rule);
  if ("problem" in parsed) throw new Error(`${parsed.problem.field}: ${parsed.problem.message}`);
  const { name, actionMatch, filterMatch, frequencyMinutes, environment, raw } = parsed.rule;
  return { id: 7, name, actionMatch, filterMatch, frequency: frequencyMinutes, environment, ...raw, mutedUntil: null, createdBy: "cli", createdAt: 0, updatedAt: 0, lastFiredAt: null };
}

const everything = {
  name: "Checkout on fire",
  actionMatch: "all",
  filterMatch: "any",
  frequency: 60,
  environment: "production",
  conditions: [
    { id: conditionIds.firstSeen },
    { id: conditionIds.regression },
    { id: conditionIds.reappeared },
    { id: conditionIds.eventFrequency, value: 10, interval: "1m" },
    { id: conditionIds.uniqueUserFrequency, value: 5, interval: "1h" },
  ],
  filters: [
    { id: filterIds.level, match: "gte", level: "40" },
    { id: filterIds.eventAttribute, attribute: "release", match: "sw", value: "shop@2." },
    { id: filterIds.tagged, key: "browser", match: "co", value: "Chrome" },
    { id: filterIds.age, comparison_type: "newer", value: 2, time: "hour" },
    { id: filterIds.assignedTo, targetType: "Member", targetIdentifier: "user-1" },
  ],
  actions: [
    { id: actionIds.email, targetType: "Team", targetIdentifier: "3" },
    { id: actionIds.service, service: "ops-webhook" },
  ],
};

describe("the rule form", () => {
  it("turns every slot of a rule into fields and back into the same Sentry JSON", () => {
    const { values, unshown } = ruleFormValuesOf(viewOf(everything));
    expect(unshown).toEqual([]);
    expect(values).toMatchObject({ whenEvents: true, whenEventsValue: "10", whenEventsInterval: "1m", ifAssignedType: "Member", ifAssignedMember: "user-1", thenEmailTarget: "Team", thenEmailTeam: "3", thenChannelSlug: "ops-webhook" });
    expect(ruleInputFromForm(values)).toEqual(everything);
  });

  it("reads what a plain form posts: ticked boxes are \"on\", unticked ones absent, text trimmed", () => {
    const posted = new Map([["name", "  New issues  "], ["whenFirstSeen", "on"], ["thenChannel", "on"], ["thenChannelSlug", "ops"], ["frequency", "5"], ["actionMatch", "any"], ["filterMatch", "all"], ["ifTagKey", "ignored unless ticked"]]);
    const input = ruleInputFromForm(ruleFormValuesFromForm((name) => posted.get(name) ?? ""));
    expect(input).toEqual({ name: "New issues", actionMatch: "any", filterMatch: "all", frequency: 5, environment: null, conditions: [{ id: conditionIds.firstSeen }], filters: [], actions: [{ id: actionIds.service, service: "ops" }] });
    expect("rule" in parseRule(input)).toBe(true);
  });

  it("leaves a tag filter's value out for \"is set\", and lets parseRule name a bad count", () => {
    const values = { ...newRuleFormValues(), name: "x", ifTag: true, ifTagKey: "customer", ifTagMatch: "is", ifTagValue: "left over", whenEvents: true, whenEventsValue: "many" };
    const input = ruleInputFromForm(values);
    expect(input.filters).toEqual([{ id: filterIds.tagged, key: "customer", match: "is" }]);
    expect(parseRule(input)).toEqual({ problem: { field: "conditions[1].value", message: "expected a whole number" } });
  });

  it("starts a new rule as Sentry's default: a new issue e-mails the assignee, else the members, every 30 minutes", () => {
    const input = ruleInputFromForm({ ...newRuleFormValues(), name: defaultRuleInput.name });
    expect(input).toEqual(defaultRuleInput);
  });

  it("lists what the form cannot show, so the page can warn that saving replaces it", () => {
    const rule = viewOf({
      ...everything,
      filters: [...everything.filters, { id: filterIds.tagged, key: "second", match: "eq", value: "x" }, { id: filterIds.eventAttribute, attribute: "platform", match: "eq", value: "node" }],
      actions: [{ id: actionIds.email, targetType: "IssueOwners", fallthroughType: "NoOne" }],
    });
    expect(ruleFormValuesOf(rule).unshown).toEqual(["a second tag filter", "the filter on the event's platform", "the e-mail action's fallthrough to nobody"]);
  });
});

/** Sentry's user-feedback alert: a new issue whose category is Feedback, as its UI and Terraform write it. */
const feedbackRule = {
  name: "User feedback to on-call",
  actionMatch: "any",
  filterMatch: "all",
  frequency: 5,
  environment: null,
  conditions: [{ id: conditionIds.firstSeen }],
  filters: [{ id: filterIds.issueCategory, value: issueCategories.feedback }],
  actions: [{ id: actionIds.service, service: "ops-webhook" }],
};

describe("the issue-category filter", () => {
  it("round-trips through the form as Sentry's number, and takes Sentry's string form too", () => {
    const { values, unshown } = ruleFormValuesOf(viewOf(feedbackRule));
    expect(unshown).toEqual([]);
    expect(values).toMatchObject({ ifCategory: true, ifCategoryValue: "6" });
    expect(ruleInputFromForm(values)).toEqual(feedbackRule);
    const parsed = parseRule({ ...feedbackRule, filters: [{ id: filterIds.issueCategory, value: "6" }] });
    expect("rule" in parsed && parsed.rule.filters).toEqual([{ id: filterIds.issueCategory, value: 6 }]);
  });

  it("refuses a category Sentry does not have, naming the field", () => {
    expect(parseRule({ ...feedbackRule, filters: [{ id: filterIds.issueCategory, value: 99 }] })).toMatchObject({ problem: { field: "filters[0].value" } });
    expect(parseRule({ ...feedbackRule, filters: [{ id: filterIds.issueCategory }] })).toMatchObject({ problem: { field: "filters[0].value" } });
  });
});

describe("a rule in words", () => {
  const names = { channels: new Map([["ops-webhook", "Ops webhook"]]), people: new Map([["user-1", "Ada"]]), teams: new Map([["3", "Checkout"]]) };

  it("says When, If and Then with the names of channels, people and teams", () => {
    expect(describeAlertRule(viewOf(everything), names)).toEqual({
      when: "a new issue is created; a resolved issue regresses; an ignored issue comes back; an issue has more than 10 events in 1 minute; and an issue has more than 5 distinct users in 1 hour",
      if: "in environment “production”, level is at least error; the event's release starts with “shop@2.”; tag browser contains “Chrome”; the issue is newer than 2 hours; or the issue is assigned to Ada",
      then: "e-mail team Checkout and post to Ops webhook",
      interval: "at most once per issue every 1 hour",
    });
  });

  it("words a feedback rule: the category, and messages spaced per rule", () => {
    expect(describeAlertRule(viewOf(feedbackRule), names)).toEqual({ when: "a new issue is created", if: "the issue's category is Feedback", then: "post to Ops webhook", interval: "each new feedback as it arrives" });
    const errors = { ...feedbackRule, filters: [{ id: filterIds.issueCategory, value: "1" }] };
    expect(describeAlertRule(viewOf(errors), names)).toMatchObject({ if: "the issue's category is Error", interval: "at most once per issue every 5 minutes" });
  });

  it("words the default rule and the action intervals", () => {
    expect(describeAlertRule(viewOf(defaultRuleInput), names)).toEqual({ when: "a new issue is created", if: "", then: "e-mail the issue's assignee, else the project's members", interval: "at most once per issue every 30 minutes" });
    expect([5, 60, 180, 1440, 10_080, 43_200].map(minutesInWords)).toEqual(["5 minutes", "1 hour", "3 hours", "1 day", "1 week", "30 days"]);
  });
});
