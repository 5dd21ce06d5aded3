"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { ActionState } from "@/lib/action-state";
import { deleteProject } from "@/server/projects/delete-project";
import { formField, runFormAction } from "@/server/actions/form-action";
import { getAppContext } from "@/server/app-context";
import { renameProject } from "@/server/projects/rename-project";
import { renameProjectInput, updateProjectSettingsInput, updateScrubbingSettingsInput } from "@/server/projects/schemas";
import { updateProjectSettings } from "@/server/projects/update-project-settings";
import { updateScrubbingSettings } from "@/server/projects/update-scrubbing-settings";

export interface ProjectSettingsValues {
  fingerprintRules: string;
  stacktraceRules: string;
  retentionDays: string;
  maxEventsPerIssue: string;
  slowDbQueryMs: string;
}

export interface ProjectSettingsState {
  status?: "saved" | "error";
  error?: string;
  /** What was submitted, so the form shows it again (React resets a form after its action). */
  values?: ProjectSettingsValues;
}

const projectId = z.number().int().positive();

/** Saves the project's grouping rules and retention; the verb's message names the line of a rule syntax error. */
export async function saveProjectSettingsAction(boundProjectId: number, _previous: ProjectSettingsState, formData: FormData): Promise<ProjectSettingsState> {
  const context = await getAppContext();
  const text = (name: keyof ProjectSettingsValues) => formField(formData, name);
  const values: ProjectSettingsValues = {
    fingerprintRules: text("fingerprintRules"),
    stacktraceRules: text("stacktraceRules"),
    retentionDays: text("retentionDays").trim(),
    maxEventsPerIssue: text("maxEventsPerIssue").trim(),
    slowDbQueryMs: text("slowDbQueryMs").trim(),
  };
  const id = projectId.safeParse(boundProjectId);
  if (!id.success) return { status: "error", error: "Unknown project.", values };
  // Empty numbers mean the instance defaults; the verb then parses the rules.
  const parsed = updateProjectSettingsInput.safeParse(values);
  if (!parsed.success) return { status: "error", error: settingsError(parsed.error), values };
  return runFormAction<void, ProjectSettingsState>(
    () => updateProjectSettings(context, id.data, parsed.data),
    () => {
      revalidatePath("/projects", "layout");
      return { status: "saved", values };
    },
    (error) => ({ status: "error", error, values }),
  );
}

const fieldNames: Record<string, string> = {
  fingerprintRules: "Fingerprint rules",
  stacktraceRules: "Stack trace rules",
  retentionDays: "Retention (days)",
  maxEventsPerIssue: "Events kept per issue",
  slowDbQueryMs: "Slow database query (ms)",
};

function settingsError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Check the settings.";
  const field = fieldNames[String(issue.path[0])];
  return field ? `${field}: ${issue.message}` : issue.message;
}

export interface RenameProjectValues {
  name: string;
  platform: string;
}

export interface RenameProjectState {
  status?: "saved" | "error";
  error?: string;
  values?: RenameProjectValues;
}

/** Renames the project and sets its platform; the slug, and so every URL and DSN, stays. */
export async function renameProjectAction(boundProjectId: number, _previous: RenameProjectState, formData: FormData): Promise<RenameProjectState> {
  const context = await getAppContext();
  const values: RenameProjectValues = { name: formField(formData, "name"), platform: formField(formData, "platform") };
  const id = projectId.safeParse(boundProjectId);
  if (!id.success) return { status: "error", error: "Unknown project.", values };
  const parsed = renameProjectInput.safeParse(values);
  if (!parsed.success) return { status: "error", error: parsed.error.issues[0]?.message ?? "Check the name and platform.", values };
  return runFormAction<void, RenameProjectState>(
    () => renameProject(context, id.data, parsed.data),
    () => {
      revalidatePath("/projects", "layout");
      return { status: "saved", values: { name: parsed.data.name, platform: parsed.data.platform } };
    },
    (error) => ({ status: "error", error, values }),
  );
}

export interface ScrubbingSettingsValues {
  isEnabled: boolean;
  extraKeys: string;
  safeFields: string;
  scrubIpAddresses: boolean;
  scrubEmails: boolean;
}

export interface ScrubbingSettingsState {
  status?: "saved" | "error";
  error?: string;
  values?: ScrubbingSettingsValues;
}

/** Saves what digest filters out of the project's events (applies to events digested next). */
export async function saveScrubbingSettingsAction(boundProjectId: number, _previous: ScrubbingSettingsState, formData: FormData): Promise<ScrubbingSettingsState> {
  const context = await getAppContext();
  const text = (name: string) => formField(formData, name);
  const values: ScrubbingSettingsValues = {
    isEnabled: formData.get("isEnabled") === "on",
    extraKeys: text("extraKeys"),
    safeFields: text("safeFields"),
    scrubIpAddresses: formData.get("scrubIpAddresses") === "on",
    scrubEmails: formData.get("scrubEmails") === "on",
  };
  const id = projectId.safeParse(boundProjectId);
  if (!id.success) return { status: "error", error: "Unknown project.", values };
  const parsed = updateScrubbingSettingsInput.safeParse(values);
  if (!parsed.success) return { status: "error", error: parsed.error.issues[0]?.message ?? "Check the settings.", values };
  return runFormAction<void, ScrubbingSettingsState>(
    () => updateScrubbingSettings(context, id.data, parsed.data),
    () => ({ status: "saved", values }),
    (error) => ({ status: "error", error, values }),
  );
}

/** Deletes the project for good once its slug is typed out (owners and admins). */
export async function deleteProjectAction(boundProjectId: number, _previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const id = projectId.safeParse(boundProjectId);
  if (!id.success) return { error: "Unknown project." };
  return runFormAction(
    () => deleteProject(context, { projectId: id.data, confirmSlug: formField(formData, "confirm").trim() }),
    () => {
      revalidatePath("/projects", "layout");
      redirect("/projects");
    },
  );
}
