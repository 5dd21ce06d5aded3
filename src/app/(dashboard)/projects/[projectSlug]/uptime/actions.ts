"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/lib/action-state";
import { uptimeInputOf, type UptimeFormValues } from "@/lib/uptime-form";
import { formField as field, runFormAction } from "@/server/actions/form-action";
import { getAppContext } from "@/server/app-context";
import { createUptimeMonitor } from "@/server/uptime/create-uptime-monitor";
import { deleteUptimeMonitor } from "@/server/uptime/delete-uptime-monitor";
import { updateStatusPageSettings } from "@/server/uptime/status-page-settings";
import { updateUptimeMonitor } from "@/server/uptime/update-uptime-monitor";

export interface UptimeFormState extends ActionState {
  /** What was sent, so the form shows it again after a refusal (React resets a form after its action). */
  values?: UptimeFormValues;
}

const uptimePath = (projectSlug: string) => `/projects/${encodeURIComponent(projectSlug)}/uptime`;

/** A monitor id from the form; anything else is a monitor that does not exist (the verb answers not found). */
function monitorIdOf(formData: FormData): number {
  const text = field(formData, "monitorId");
  return /^[1-9]\d{0,14}$/.test(text) ? Number(text) : 0;
}

function valuesOf(formData: FormData): UptimeFormValues {
  return {
    name: field(formData, "name"),
    url: field(formData, "url"),
    method: field(formData, "method"),
    intervalSeconds: field(formData, "intervalSeconds"),
    timeoutMs: field(formData, "timeoutMs"),
    expectedStatusMin: field(formData, "expectedStatusMin"),
    expectedStatusMax: field(formData, "expectedStatusMax"),
    environment: field(formData, "environment"),
    downtimeThreshold: field(formData, "downtimeThreshold"),
    recoveryThreshold: field(formData, "recoveryThreshold"),
    headers: field(formData, "headers"),
    body: field(formData, "body"),
    isActive: field(formData, "isActive") === "on",
    showOnStatusPage: field(formData, "showOnStatusPage") === "on",
  };
}

/** Creates a monitor (no monitorId; then opens its page) or changes one, from the monitor form. */
export async function saveUptimeMonitorAction(_previous: UptimeFormState, formData: FormData): Promise<UptimeFormState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  const values = valuesOf(formData);
  const monitor = uptimeInputOf(values);
  const isNew = field(formData, "monitorId") === "";
  return runFormAction(
    () => (isNew ? createUptimeMonitor(context, { projectSlug, monitor }) : updateUptimeMonitor(context, { projectSlug, monitorId: monitorIdOf(formData), monitor })),
    (saved): UptimeFormState => {
      revalidatePath(uptimePath(projectSlug), "layout");
      if (isNew) redirect(`${uptimePath(projectSlug)}/${saved.id}?created=1`);
      return { message: `Saved “${saved.name}”.`, values };
    },
    (error) => ({ error, values }),
  );
}

/** Deletes a monitor (after the "Delete…" dialog) and goes back to the list. */
export async function deleteUptimeMonitorAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  return runFormAction(
    () => deleteUptimeMonitor(context, { projectSlug, monitorId: monitorIdOf(formData) }),
    () => {
      revalidatePath(uptimePath(projectSlug), "layout");
      redirect(`${uptimePath(projectSlug)}?deleted=1`);
    },
  );
}

/** Turns the project's public status page on or off and names it. */
export async function saveStatusPageAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  const isEnabled = field(formData, "isEnabled") === "on";
  return runFormAction(
    () => updateStatusPageSettings(context, { projectSlug, isEnabled, title: field(formData, "title") }),
    (saved) => {
      revalidatePath(uptimePath(projectSlug));
      return { message: saved.isEnabled ? "The status page is public." : "The status page is off." };
    },
  );
}
