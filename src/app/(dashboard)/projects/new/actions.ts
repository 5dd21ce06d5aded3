"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getAppContext } from "@/server/app-context";
import { recordAuditEvent } from "@/server/audit/record-audit-event";
import { createProject } from "@/server/projects/create-project";
import { createProjectInput } from "@/server/projects/schemas";

export interface CreateProjectState {
  errors?: Partial<Record<"name" | "platform", string>>;
  values?: { name: string; platform: string };
}

/** Creating projects is for owners and admins (members see their teams' projects). */
export async function createProjectAction(_previous: CreateProjectState, formData: FormData): Promise<CreateProjectState> {
  const context = await getAppContext();
  const values = { name: String(formData.get("name") ?? ""), platform: String(formData.get("platform") ?? "") };
  if (!context.viewer.permissions.has("admin")) return { values, errors: { name: "Only owners and admins can create projects." } };
  const parsed = createProjectInput.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors;
    return { values, errors: { name: fieldErrors.name?.[0], platform: fieldErrors.platform?.[0] } };
  }
  const { project } = await createProject(context.db, parsed.data);
  await recordAuditEvent(context.db, context.source, { action: "project.created", target: `project:${project.slug}` });
  redirect(`/projects/${project.slug}`);
}
