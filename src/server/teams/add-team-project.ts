import type { AccessContext } from "../access/authorize";
import { authorize } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { getTeam } from "./get-team";
import { parseTeamInput } from "./parse-team-input";
import { teamProjectInput, type TeamProjectInput } from "./schemas";

/** Gives a team a project (owners and admins): the team's members see it and its issues. */
export async function addTeamProject(context: AccessContext, input: TeamProjectInput): Promise<void> {
  authorize(context, "team.add_project");
  const { teamId, projectId } = parseTeamInput(teamProjectInput, input);
  const team = await getTeam(context.db, teamId);
  const project = await context.db.selectFrom("projects").select("slug").where("id", "=", projectId).executeTakeFirst();
  if (!project) throw new AppError("not_found", `No project has id ${projectId}.`);
  const result = await context.db.insertInto("team_projects").values({ team_id: team.id, project_id: projectId }).onConflict((conflict) => conflict.doNothing()).executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new AppError("conflict", `${team.name} already has ${project.slug}.`);
  await recordAuditEvent(context.db, context.source, { action: "team.project_added", target: `team:${team.slug}`, data: { teamId: team.id, projectId, project: project.slug } });
}
