import type { AccessContext } from "../access/authorize";
import { authorize } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { getTeam } from "./get-team";
import { parseTeamInput } from "./parse-team-input";
import { teamProjectInput, type TeamProjectInput } from "./schemas";

/** Takes a project from a team (owners and admins): members who see it only through this team lose it. */
export async function removeTeamProject(context: AccessContext, input: TeamProjectInput): Promise<void> {
  authorize(context, "team.remove_project");
  const { teamId, projectId } = parseTeamInput(teamProjectInput, input);
  const team = await getTeam(context.db, teamId);
  const result = await context.db.deleteFrom("team_projects").where("team_id", "=", team.id).where("project_id", "=", projectId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError("not_found", `${team.name} does not have this project.`);
  const project = await context.db.selectFrom("projects").select("slug").where("id", "=", projectId).executeTakeFirst();
  await recordAuditEvent(context.db, context.source, { action: "team.project_removed", target: `team:${team.slug}`, data: { teamId: team.id, projectId, project: project?.slug ?? null } });
}
