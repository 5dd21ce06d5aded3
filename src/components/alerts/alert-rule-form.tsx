"use client";

import { useActionState, type ReactNode } from "react";
import { ActionMessages } from "@/components/ui/action-messages";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { RuleFormState } from "@/app/(dashboard)/projects/[projectSlug]/alerts/actions";
import { issueCategoryChoices } from "@/lib/alert-rule-ids";
import { cn } from "@/lib/cn";
import type { RuleFormValues } from "@/lib/views/alerts";

export interface RuleFormChoices {
  people: { id: string; name: string; email: string }[];
  teams: { id: string; name: string }[];
  channels: { slug: string; name: string; kind: string }[];
  actionIntervals: { minutes: number; label: string }[];
  frequencyIntervals: { value: string; label: string }[];
  levels: { value: string; name: string }[];
}

interface AlertRuleFormProps {
  action: (state: RuleFormState, formData: FormData) => Promise<RuleFormState>;
  projectSlug: string;
  ruleId: number | null;
  values: RuleFormValues;
  choices: RuleFormChoices;
  submitLabel: string;
}

const tagMatches = [
  ["eq", "equals"],
  ["ne", "does not equal"],
  ["co", "contains"],
  ["sw", "starts with"],
  ["is", "is set"],
] as const;
const releaseMatches = tagMatches.filter(([value]) => value !== "is");

function Options({ items }: { items: readonly (readonly [string, string])[] }) {
  return (
    <>
      {items.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

/** One line of the form: a checkbox that turns the slot on, its words, and its inline fields. */
function Slot({ name, label, fullLabel, checked, children }: { name: keyof RuleFormValues; label: string; fullLabel?: string; checked: boolean; children?: ReactNode }) {
  const id = `rule-${name}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {/* fullLabel: when the words before the inline fields alone would name two boxes alike. */}
      <input id={id} name={name} type="checkbox" defaultChecked={checked} aria-label={fullLabel} className="h-4 w-4 accent-[var(--primary)]" />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
      {children}
    </div>
  );
}

/** An inline field with a label only screen readers need (the slot's words say it to the eye). */
function Inline({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = `rule-field-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {children(id)}
    </>
  );
}

const small = "h-8 w-auto";

/**
 * The alert rule form: a plain <form> posting to a server action (it works without script), one slot per
 * condition, filter and action; the action turns the fields into Sentry's rule JSON and the verb checks it,
 * so a refusal ("conditions[0].value: expected a whole number") comes back next to the form, with the
 * fields as they were sent.
 */
export function AlertRuleForm({ action, projectSlug, ruleId, values: initial, choices, submitLabel }: AlertRuleFormProps) {
  const [state, formAction, isPending] = useActionState(action, {});
  const values = state.values ?? initial;
  const { people, teams, channels } = choices;
  return (
    <form action={formAction} aria-label="Alert rule" aria-busy={isPending} className={cn("space-y-6", isPending && "opacity-70")}>
      <input type="hidden" name="projectSlug" value={projectSlug} />
      {ruleId === null ? null : <input type="hidden" name="ruleId" value={ruleId} />}
      <ActionMessages state={state} errorClassName="rounded-md border border-danger/50 px-3 py-2" />
      <div className="space-y-1.5">
        <Label htmlFor="rule-name" className="block">
          Name
        </Label>
        <Input id="rule-name" name="name" defaultValue={values.name} maxLength={256} className="max-w-md" placeholder="Checkout errors to on-call" />
      </div>

      <fieldset className="space-y-2 rounded-md border border-border p-4">
        <legend className="px-1 text-sm font-semibold">When</legend>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Inline label="When: which conditions must hold">
            {(id) => (
              <Select id={id} name="actionMatch" defaultValue={values.actionMatch} className={small}>
                <Options items={[["any", "any"], ["all", "all"]]} />
              </Select>
            )}
          </Inline>
          <span>of these happen:</span>
        </div>
        <Slot name="whenFirstSeen" label="a new issue is created" checked={values.whenFirstSeen} />
        <Slot name="whenRegression" label="a resolved issue regresses" checked={values.whenRegression} />
        <Slot name="whenReappeared" label="an ignored issue comes back" checked={values.whenReappeared} />
        <Slot name="whenEvents" label="an issue has more than" fullLabel="an issue has more than N events in an interval" checked={values.whenEvents}>
          <Inline label="Number of events">{(id) => <Input id={id} name="whenEventsValue" inputMode="numeric" defaultValue={values.whenEventsValue} className="h-8 w-24" />}</Inline>
          <span className="text-sm">events in</span>
          <Inline label="Events interval">
            {(id) => (
              <Select id={id} name="whenEventsInterval" defaultValue={values.whenEventsInterval} className={small}>
                <Options items={choices.frequencyIntervals.map((interval) => [interval.value, interval.label] as const)} />
              </Select>
            )}
          </Inline>
        </Slot>
        <Slot name="whenUsers" label="an issue has more than" fullLabel="an issue has more than N distinct users in an interval" checked={values.whenUsers}>
          <Inline label="Number of distinct users">{(id) => <Input id={id} name="whenUsersValue" inputMode="numeric" defaultValue={values.whenUsersValue} className="h-8 w-24" />}</Inline>
          <span className="text-sm">distinct users in</span>
          <Inline label="Users interval">
            {(id) => (
              <Select id={id} name="whenUsersInterval" defaultValue={values.whenUsersInterval} className={small}>
                <Options items={choices.frequencyIntervals.map((interval) => [interval.value, interval.label] as const)} />
              </Select>
            )}
          </Inline>
        </Slot>
      </fieldset>

      <fieldset className="space-y-2 rounded-md border border-border p-4">
        <legend className="px-1 text-sm font-semibold">If</legend>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Label htmlFor="rule-environment" className="font-normal">
            Environment
          </Label>
          <Input id="rule-environment" name="environment" defaultValue={values.environment} maxLength={64} className="h-8 w-48" placeholder="any" />
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>and</span>
          <Inline label="If: which filters must hold">
            {(id) => (
              <Select id={id} name="filterMatch" defaultValue={values.filterMatch} className={small}>
                <Options items={[["all", "all"], ["any", "any"], ["none", "none"]]} />
              </Select>
            )}
          </Inline>
          <span>of these hold (none ticked: every issue):</span>
        </div>
        <Slot name="ifCategory" label="the issue's category is" checked={values.ifCategory}>
          <Inline label="Issue category">
            {(id) => (
              <Select id={id} name="ifCategoryValue" defaultValue={values.ifCategoryValue} className={small}>
                <Options items={issueCategoryChoices.map((choice) => [choice.value, choice.label] as const)} />
              </Select>
            )}
          </Inline>
        </Slot>
        <Slot name="ifLevel" label="the level is" checked={values.ifLevel}>
          <Inline label="Level comparison">
            {(id) => (
              <Select id={id} name="ifLevelMatch" defaultValue={values.ifLevelMatch} className={small}>
                <Options items={[["gte", "at least"], ["eq", "equal to"], ["lte", "at most"]]} />
              </Select>
            )}
          </Inline>
          <Inline label="Level">
            {(id) => (
              <Select id={id} name="ifLevelValue" defaultValue={values.ifLevelValue} className={small}>
                <Options items={choices.levels.map((level) => [level.value, level.name] as const)} />
              </Select>
            )}
          </Inline>
        </Slot>
        <Slot name="ifRelease" label="the release" checked={values.ifRelease}>
          <Inline label="Release comparison">
            {(id) => (
              <Select id={id} name="ifReleaseMatch" defaultValue={values.ifReleaseMatch} className={small}>
                <Options items={releaseMatches} />
              </Select>
            )}
          </Inline>
          <Inline label="Release">{(id) => <Input id={id} name="ifReleaseValue" defaultValue={values.ifReleaseValue} maxLength={1000} className="h-8 w-48" placeholder="shop@2.1.0" />}</Inline>
        </Slot>
        <Slot name="ifTag" label="the tag" checked={values.ifTag}>
          <Inline label="Tag key">{(id) => <Input id={id} name="ifTagKey" defaultValue={values.ifTagKey} maxLength={200} className="h-8 w-36" placeholder="browser" />}</Inline>
          <Inline label="Tag comparison">
            {(id) => (
              <Select id={id} name="ifTagMatch" defaultValue={values.ifTagMatch} className={small}>
                <Options items={tagMatches} />
              </Select>
            )}
          </Inline>
          <Inline label="Tag value">{(id) => <Input id={id} name="ifTagValue" defaultValue={values.ifTagValue} maxLength={1000} className="h-8 w-36" placeholder="value" />}</Inline>
        </Slot>
        <Slot name="ifAge" label="the issue is" checked={values.ifAge}>
          <Inline label="Older or newer">
            {(id) => (
              <Select id={id} name="ifAgeComparison" defaultValue={values.ifAgeComparison} className={small}>
                <Options items={[["older", "older"], ["newer", "newer"]]} />
              </Select>
            )}
          </Inline>
          <span className="text-sm">than</span>
          <Inline label="Age">{(id) => <Input id={id} name="ifAgeValue" inputMode="numeric" defaultValue={values.ifAgeValue} className="h-8 w-20" />}</Inline>
          <Inline label="Age unit">
            {(id) => (
              <Select id={id} name="ifAgeUnit" defaultValue={values.ifAgeUnit} className={small}>
                <Options items={[["minute", "minutes"], ["hour", "hours"], ["day", "days"], ["week", "weeks"]]} />
              </Select>
            )}
          </Inline>
        </Slot>
        <Slot name="ifAssigned" label="the issue is assigned to" checked={values.ifAssigned}>
          <Inline label="Assigned to">
            {(id) => (
              <Select id={id} name="ifAssignedType" defaultValue={values.ifAssignedType} className={small}>
                <Options items={[["Unassigned", "nobody"], ["Member", "the person"], ["Team", "the team"]]} />
              </Select>
            )}
          </Inline>
          <PeopleSelect name="ifAssignedMember" label="Assigned person" value={values.ifAssignedMember} people={people} />
          <TeamSelect name="ifAssignedTeam" label="Assigned team" value={values.ifAssignedTeam} teams={teams} />
        </Slot>
      </fieldset>

      <fieldset className="space-y-2 rounded-md border border-border p-4">
        <legend className="px-1 text-sm font-semibold">Then</legend>
        <Slot name="thenEmail" label="e-mail" checked={values.thenEmail}>
          <Inline label="E-mail whom">
            {(id) => (
              <Select id={id} name="thenEmailTarget" defaultValue={values.thenEmailTarget} className={small}>
                <Options items={[["IssueOwners", "the issue's assignee, else the project's members"], ["Member", "the person"], ["Team", "the team"]]} />
              </Select>
            )}
          </Inline>
          <PeopleSelect name="thenEmailMember" label="Person to e-mail" value={values.thenEmailMember} people={people} />
          <TeamSelect name="thenEmailTeam" label="Team to e-mail" value={values.thenEmailTeam} teams={teams} />
        </Slot>
        <Slot name="thenChannel" label="post to the channel" checked={values.thenChannel}>
          <Inline label="Notification channel">
            {(id) => (
              <Select id={id} name="thenChannelSlug" defaultValue={values.thenChannelSlug} className={small}>
                {channels.length === 0 ? <option value="">no channels yet</option> : null}
                {channels.map((channel) => (
                  <option key={channel.slug} value={channel.slug}>
                    {channel.name} ({channel.slug})
                  </option>
                ))}
              </Select>
            )}
          </Inline>
        </Slot>
        <div className="flex flex-wrap items-center gap-2 pt-2 text-sm">
          <Label htmlFor="rule-frequency" className="font-normal">
            Action interval: at most once per issue every
          </Label>
          <Select id="rule-frequency" name="frequency" defaultValue={values.frequency} className={small}>
            {choices.actionIntervals.map((interval) => (
              <option key={interval.minutes} value={interval.minutes}>
                {interval.label}
              </option>
            ))}
          </Select>
        </div>
      </fieldset>

      <Button type="submit" disabled={isPending}>
        {isPending ? "Saving…" : submitLabel}
      </Button>
    </form>
  );
}

function PeopleSelect({ name, label, value, people }: { name: keyof RuleFormValues; label: string; value: string; people: RuleFormChoices["people"] }) {
  return (
    <Inline label={label}>
      {(id) => (
        <Select id={id} name={name} defaultValue={value} className={small}>
          <option value="">(person)</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name ? `${person.name} <${person.email}>` : person.email}
            </option>
          ))}
        </Select>
      )}
    </Inline>
  );
}

function TeamSelect({ name, label, value, teams }: { name: keyof RuleFormValues; label: string; value: string; teams: RuleFormChoices["teams"] }) {
  return (
    <Inline label={label}>
      {(id) => (
        <Select id={id} name={name} defaultValue={value} className={small}>
          <option value="">(team)</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </Select>
      )}
    </Inline>
  );
}
