"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/lib/action-state";
import { muteUntil } from "@/lib/alert-mute";
import type { LogAlertFormValues } from "@/lib/log-alert-intervals";
import { formField as field, runFormAction } from "@/server/actions/form-action";
import { createLogAlertRule } from "@/server/alerts/create-log-alert-rule";
import { deleteLogAlertRule } from "@/server/alerts/delete-log-alert-rule";
import { logAlertInputFromForm } from "@/server/alerts/log-alert-input";
import { muteLogAlertRule } from "@/server/alerts/mute-log-alert-rule";
import { updateLogAlertRule } from "@/server/alerts/update-log-alert-rule";
import { getAppContext } from "@/server/app-context";

export interface LogAlertFormState extends ActionState {
  /** What was sent, so the form shows it again after a refusal. */
  values?: LogAlertFormValues;
}

const alertsPath = (projectSlug: string) => `/projects/${encodeURIComponent(projectSlug)}/alerts`;

function ruleIdOf(formData: FormData): number {
  const text = field(formData, "ruleId");
  return /^[1-9]\d{0,14}$/.test(text) ? Number(text) : 0;
}

/** Creates a log alert rule (no ruleId) or replaces one; either way back to the project's alerts. */
export async function saveLogAlertRuleAction(_previous: LogAlertFormState, formData: FormData): Promise<LogAlertFormState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  const input = logAlertInputFromForm(
    (name) => field(formData, name),
    (name) => formData.getAll(name).filter((value): value is string => typeof value === "string"),
  );
  const values: LogAlertFormValues = input;
  const isNew = field(formData, "ruleId") === "";
  return runFormAction(
    () => (isNew ? createLogAlertRule(context, { projectSlug, rule: input }) : updateLogAlertRule(context, { projectSlug, ruleId: ruleIdOf(formData), rule: input })),
    (saved): LogAlertFormState => {
      revalidatePath(alertsPath(projectSlug), "layout");
      if (isNew) redirect(`${alertsPath(projectSlug)}?logRuleCreated=${saved.id}`);
      return { message: `Saved “${saved.name}”.`, values };
    },
    (error) => ({ error, values }),
  );
}

export async function muteLogAlertRuleAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  const choice = field(formData, "for");
  const until = choice === "unmute" ? null : muteUntil(choice, Date.now());
  if (until === undefined) return { error: "Choose how long to mute the rule." };
  return runFormAction(
    () => muteLogAlertRule(context, { projectSlug, ruleId: ruleIdOf(formData), until }),
    (rule) => {
      revalidatePath(alertsPath(projectSlug), "layout");
      return { message: until === null ? `“${rule.name}” runs again.` : `“${rule.name}” is muted.` };
    },
  );
}

export async function deleteLogAlertRuleAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  return runFormAction(
    () => deleteLogAlertRule(context, { projectSlug, ruleId: ruleIdOf(formData) }),
    () => {
      revalidatePath(alertsPath(projectSlug), "layout");
      redirect(`${alertsPath(projectSlug)}?deleted=1`);
    },
  );
}
