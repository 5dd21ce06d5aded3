import type { AccessContext } from "../access/authorize";
import { authorize } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { getTeam } from "./get-team";
import { parseTeamInput } from "./parse-team-input";
import { teamId } from "./schemas";

/**
 * Deletes a team (owners and admins). Its memberships and project links go with it, so its members stop
 * seeing its projects at once; pending invites into it stay valid but join no team.
 */
export async function deleteTeam(context: AccessContext, input: { teamId: number | string }): Promise<void> {
  authorize(context, "team.delete");
  const team = await getTeam(context.db, parseTeamInput(teamId, input.teamId));
  await context.db.deleteFrom("teams").where("id", "=", team.id).execute();
  await recordAuditEvent(context.db, context.source, { action: "team.deleted", target: `team:${team.slug}`, data: { teamId: team.id, name: team.name } });
}
