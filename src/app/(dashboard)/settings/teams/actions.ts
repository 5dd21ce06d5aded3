"use server";

import type { ActionState } from "@/lib/action-state";
import { getAppContext } from "@/server/app-context";
import { addTeamMember } from "@/server/teams/add-team-member";
import { addTeamProject } from "@/server/teams/add-team-project";
import { createTeam } from "@/server/teams/create-team";
import { deleteTeam } from "@/server/teams/delete-team";
import { removeTeamMember } from "@/server/teams/remove-team-member";
import { removeTeamProject } from "@/server/teams/remove-team-project";
import { field, runAction } from "../run-action";

const path = "/settings/teams";

// Every action asks for the context first (anonymous callers go to sign-in); the verbs require an owner or admin.

export async function createTeamAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runAction(path, () => createTeam(context, { name: field(formData, "name") }), () => ({ message: `Created the team “${field(formData, "name").trim()}”.` }));
}

export async function deleteTeamAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runAction(path, () => deleteTeam(context, { teamId: field(formData, "teamId") }), () => ({ message: "Team deleted." }));
}

export async function addTeamMemberAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runAction(path, () => addTeamMember(context, { teamId: Number(field(formData, "teamId")), userId: field(formData, "userId") }), () => ({ message: "Member added." }));
}

export async function removeTeamMemberAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runAction(path, () => removeTeamMember(context, { teamId: Number(field(formData, "teamId")), userId: field(formData, "userId") }), () => ({ message: "Member removed." }));
}

export async function addTeamProjectAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runAction(path, () => addTeamProject(context, { teamId: Number(field(formData, "teamId")), projectId: Number(field(formData, "projectId")) }), () => ({ message: "Project added." }));
}

export async function removeTeamProjectAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runAction(path, () => removeTeamProject(context, { teamId: Number(field(formData, "teamId")), projectId: Number(field(formData, "projectId")) }), () => ({ message: "Project removed." }));
}
