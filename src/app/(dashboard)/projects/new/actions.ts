"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getAppContext } from "@/server/app-context";
import { runFormAction } from "@/server/actions/form-action";
import { createProject } from "@/server/projects/create-project";
import type { CreatedProject } from "@/server/projects/insert-project";
import { createProjectInput } from "@/server/projects/schemas";

export interface CreateProjectState {
  errors?: Partial<Record<"name" | "platform", string>>;
  /** What was submitted, so the form shows it again; an unticked checkbox posts nothing, so false. */
  values?: { name: string; platform: string; alertOnNewIssues: boolean };
}

/** Creating projects is for owners and admins (members see their teams' projects). */
export async function createProjectAction(_previous: CreateProjectState, formData: FormData): Promise<CreateProjectState> {
  const context = await getAppContext();
  const values = { name: String(formData.get("name") ?? ""), platform: String(formData.get("platform") ?? ""), alertOnNewIssues: formData.get("alertOnNewIssues") === "on" };
  const parsed = createProjectInput.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors;
    return { values, errors: { name: fieldErrors.name?.[0], platform: fieldErrors.platform?.[0] } };
  }
  return runFormAction<CreatedProject, CreateProjectState>(
    () => createProject(context, parsed.data),
    ({ project }) => redirect(`/projects/${project.slug}`),
    (error) => ({ values, errors: { name: error } }),
  );
}
