"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getAppContext } from "@/server/app-context";
import { createProject } from "@/server/projects/create-project";
import { createProjectInput } from "@/server/projects/schemas";

export interface CreateProjectState {
  errors?: Partial<Record<"name" | "platform", string>>;
  values?: { name: string; platform: string };
}

export async function createProjectAction(_previous: CreateProjectState, formData: FormData): Promise<CreateProjectState> {
  const values = { name: String(formData.get("name") ?? ""), platform: String(formData.get("platform") ?? "") };
  const parsed = createProjectInput.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors;
    return { values, errors: { name: fieldErrors.name?.[0], platform: fieldErrors.platform?.[0] } };
  }
  const { db } = await getAppContext();
  const { project } = await createProject(db, parsed.data);
  redirect(`/projects/${project.slug}`);
}
