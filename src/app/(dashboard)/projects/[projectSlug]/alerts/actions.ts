"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/lib/action-state";
import { formField as field, runFormAction } from "@/server/actions/form-action";
import { copyAlertRule } from "@/server/alerts/copy-alert-rule";
import { createAlertRule } from "@/server/alerts/create-alert-rule";
import { deleteAlertRule } from "@/server/alerts/delete-alert-rule";
import { muteAlertRule } from "@/server/alerts/mute-alert-rule";
import { muteUntil } from "@/lib/alert-mute";
import { ruleFormValuesFromForm, ruleInputFromForm, type RuleFormValues } from "@/server/alerts/rule-form";
import { sendTestNotification } from "@/server/alerts/send-test-notification";
import { updateAlertRule } from "@/server/alerts/update-alert-rule";
import { getAppContext } from "@/server/app-context";

export interface RuleFormState extends ActionState {
  /** What was sent, so the form shows it again after a refusal (React resets a form after its action). */
  values?: RuleFormValues;
}

const alertsPath = (projectSlug: string) => `/projects/${encodeURIComponent(projectSlug)}/alerts`;

/** A rule id from the form; anything else is a rule that does not exist (the verb answers not found). */
function ruleIdOf(formData: FormData): number {
  const text = field(formData, "ruleId");
  return /^[1-9]\d{0,14}$/.test(text) ? Number(text) : 0;
}

/** Creates a rule (no ruleId) or replaces one from the rule form; a new rule opens its page. */
export async function saveAlertRuleAction(_previous: RuleFormState, formData: FormData): Promise<RuleFormState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  const values = ruleFormValuesFromForm((name) => field(formData, name));
  const rule = ruleInputFromForm(values);
  const isNew = field(formData, "ruleId") === "";
  return runFormAction(
    () => (isNew ? createAlertRule(context, { projectSlug, rule }) : updateAlertRule(context, { projectSlug, ruleId: ruleIdOf(formData), rule })),
    (saved): RuleFormState => {
      revalidatePath(alertsPath(projectSlug), "layout");
      if (isNew) redirect(`${alertsPath(projectSlug)}/${saved.id}?created=1`);
      return { message: `Saved “${saved.name}”.`, values };
    },
    (error) => ({ error, values }),
  );
}

/** Mute for an hour, a day, a week or until unmuted (`for`), or unmute (`for` = "unmute"). */
export async function muteAlertRuleAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  const choice = field(formData, "for");
  const until = choice === "unmute" ? null : muteUntil(choice, Date.now());
  if (until === undefined) return { error: "Choose how long to mute the rule." };
  return runFormAction(
    () => muteAlertRule(context, { projectSlug, ruleId: ruleIdOf(formData), until }),
    (rule) => {
      revalidatePath(alertsPath(projectSlug), "layout");
      return { message: until === null ? `“${rule.name}” runs again.` : `“${rule.name}” is muted.` };
    },
  );
}

export async function copyAlertRuleAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  return runFormAction(
    () => copyAlertRule(context, { projectSlug, ruleId: ruleIdOf(formData) }),
    (copy) => {
      revalidatePath(alertsPath(projectSlug), "layout");
      return { message: `Copied as “${copy.name}”.` };
    },
  );
}

/** Deletes a rule (after the "Delete…" disclosure); messages it already queued still go out. */
export async function deleteAlertRuleAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  return runFormAction(
    () => deleteAlertRule(context, { projectSlug, ruleId: ruleIdOf(formData) }),
    () => {
      revalidatePath(alertsPath(projectSlug), "layout");
      redirect(`${alertsPath(projectSlug)}?deleted=1`);
    },
  );
}

/** Queues a made-up issue's message to every action of the rule; the delivery log shows how each went. */
export async function sendRuleTestAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  const ruleId = ruleIdOf(formData);
  return runFormAction(
    () => sendTestNotification(context, { projectSlug, ruleId }),
    ({ deliveries }) => {
      revalidatePath(`${alertsPath(projectSlug)}/${ruleId}`);
      return { message: `Test notification queued (${deliveries.length === 1 ? "1 delivery" : `${deliveries.length} deliveries`}). Reload the delivery log below to see how it went.` };
    },
  );
}
