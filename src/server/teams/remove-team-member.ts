import type { AccessContext } from "../access/authorize";
import { authorize } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { getTeam } from "./get-team";
import { parseTeamInput } from "./parse-team-input";
import { teamMemberInput, type TeamMemberInput } from "./schemas";

/** Takes a user out of a team (owners and admins): a member stops seeing its projects on their next request. */
export async function removeTeamMember(context: AccessContext, input: TeamMemberInput): Promise<void> {
  authorize(context, "team.remove_member");
  const { teamId, userId } = parseTeamInput(teamMemberInput, input);
  const team = await getTeam(context.db, teamId);
  const result = await context.db.deleteFrom("team_members").where("team_id", "=", team.id).where("user_id", "=", userId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError("not_found", `This account is not in ${team.name}.`);
  const user = await context.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  await recordAuditEvent(context.db, context.source, { action: "team.member_removed", target: `team:${team.slug}`, data: { teamId: team.id, userId, email: user?.email ?? null } });
}
