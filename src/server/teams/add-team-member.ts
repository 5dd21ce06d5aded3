import type { AccessContext } from "../access/authorize";
import { authorize } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { getTeam } from "./get-team";
import { parseTeamInput } from "./parse-team-input";
import { teamMemberInput, type TeamMemberInput } from "./schemas";

/** Adds a user to a team (owners and admins): a member then sees the team's projects. Adding twice is refused. */
export async function addTeamMember(context: AccessContext, input: TeamMemberInput): Promise<void> {
  authorize(context, "team.add_member");
  const { teamId, userId } = parseTeamInput(teamMemberInput, input);
  const team = await getTeam(context.db, teamId);
  const user = await context.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  if (!user) throw new AppError("not_found", "This account no longer exists.");
  const result = await context.db.insertInto("team_members").values({ team_id: team.id, user_id: userId }).onConflict((conflict) => conflict.doNothing()).executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new AppError("conflict", `${user.email} is already in ${team.name}.`);
  await recordAuditEvent(context.db, context.source, { action: "team.member_added", target: `team:${team.slug}`, data: { teamId: team.id, userId, email: user.email } });
}
