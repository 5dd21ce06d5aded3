"use server";

import type { ActionState } from "@/lib/action-state";
import { getAppContext } from "@/server/app-context";
import { addTeamMember } from "@/server/teams/add-team-member";
import { addTeamProject } from "@/server/teams/add-team-project";
import { createTeam } from "@/server/teams/create-team";
import { deleteTeam } from "@/server/teams/delete-team";
import { removeTeamMember } from "@/server/teams/remove-team-member";
import { removeTeamProject } from "@/server/teams/remove-team-project";
import { formField as field, revalidated, runFormAction } from "@/server/actions/form-action";

const path = "/settings/teams";

// Every action asks for the context first (anonymous callers go to sign-in); the verbs require an owner or admin.

export async function createTeamAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(() => createTeam(context, { name: field(formData, "name") }), revalidated(path, () => ({ message: `Created the team “${field(formData, "name").trim()}”.` })));
}

export async function deleteTeamAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(() => deleteTeam(context, { teamId: field(formData, "teamId") }), revalidated(path, () => ({ message: "Team deleted." })));
}

export async function addTeamMemberAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(() => addTeamMember(context, { teamId: Number(field(formData, "teamId")), userId: field(formData, "userId") }), revalidated(path, () => ({ message: "Member added." })));
}

export async function removeTeamMemberAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(() => removeTeamMember(context, { teamId: Number(field(formData, "teamId")), userId: field(formData, "userId") }), revalidated(path, () => ({ message: "Member removed." })));
}

export async function addTeamProjectAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(() => addTeamProject(context, { teamId: Number(field(formData, "teamId")), projectId: Number(field(formData, "projectId")) }), revalidated(path, () => ({ message: "Project added." })));
}

export async function removeTeamProjectAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(() => removeTeamProject(context, { teamId: Number(field(formData, "teamId")), projectId: Number(field(formData, "projectId")) }), revalidated(path, () => ({ message: "Project removed." })));
}
