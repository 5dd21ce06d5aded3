"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/lib/action-state";
import type { MonitorFormValues } from "@/lib/views/monitors";
import { formField as field, runFormAction } from "@/server/actions/form-action";
import { getAppContext } from "@/server/app-context";
import { createMonitor } from "@/server/monitors/create-monitor";
import { deleteMonitor } from "@/server/monitors/delete-monitor";
import { monitorChangesFromForm } from "@/server/monitors/monitor-input";
import { updateMonitor } from "@/server/monitors/update-monitor";

export interface MonitorFormState extends ActionState {
  /** What was sent, so the form shows it again after a refusal. */
  values?: MonitorFormValues;
}

const cronsPath = (projectSlug: string) => `/projects/${encodeURIComponent(projectSlug)}/crons`;

/** Creates a monitor (no `monitorSlug`) or changes one; either way on to the monitor's page. */
export async function saveMonitorAction(_previous: MonitorFormState, formData: FormData): Promise<MonitorFormState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  const currentSlug = field(formData, "monitorSlug");
  const { changes, values } = monitorChangesFromForm((name) => field(formData, name));
  return runFormAction(
    () => (currentSlug === "" ? createMonitor(context, { projectSlug, changes }) : updateMonitor(context, { projectSlug, monitor: currentSlug, changes })),
    (monitor): MonitorFormState => {
      revalidatePath(cronsPath(monitor.projectSlug), "layout");
      revalidatePath("/crons");
      redirect(`${cronsPath(monitor.projectSlug)}/${encodeURIComponent(monitor.slug)}?saved=1`);
    },
    (error) => ({ error, values }),
  );
}

export async function deleteMonitorAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const projectSlug = field(formData, "projectSlug");
  return runFormAction(
    () => deleteMonitor(context, { projectSlug, monitor: field(formData, "monitorSlug") }),
    () => {
      revalidatePath(cronsPath(projectSlug), "layout");
      revalidatePath("/crons");
      redirect(`${cronsPath(projectSlug)}?deleted=1`);
    },
  );
}
