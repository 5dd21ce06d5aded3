import type { AccessContext } from "../access/authorize";
import { authorize } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { assertAnotherOwnerRemains } from "./assert-another-owner-remains";
import { assertCanManageRole } from "./assert-can-manage-role";
import { userIdSchema } from "./schemas";

/**
 * Deletes an account: its sessions end at once (their rows go first), and its password, team memberships
 * and API tokens go with it (foreign keys cascade). Owners and admins; only owners remove owners; nobody
 * removes themselves, so the last owner always stays.
 */
export async function removeUser(context: AccessContext, input: { userId: string }): Promise<{ email: string }> {
  authorize(context, "member.remove");
  const userId = userIdSchema.safeParse(input.userId);
  if (!userId.success) throw new AppError("bad_request", "Unknown user.");
  if (userId.data === context.viewer.userId) throw new AppError("bad_request", "You cannot remove your own account.");
  const removed = await writeTransaction(context.database, async (trx) => {
    const user = await trx.selectFrom("users").select(["email", "role"]).where("id", "=", userId.data).executeTakeFirst();
    if (!user) throw new AppError("not_found", "This account no longer exists.");
    assertCanManageRole(context.viewer, user.role, null);
    if (user.role === "owner") await assertAnotherOwnerRemains(trx, context.database.dialect, userId.data);
    await trx.deleteFrom("sessions").where("user_id", "=", userId.data).execute();
    // The links they handed out would let people in on the say-so of someone no longer here.
    await trx.updateTable("invites").set({ revoked_at: Date.now() }).where("created_by", "=", `user:${user.email}`).where("accepted_at", "is", null).where("revoked_at", "is", null).execute();
    await trx.deleteFrom("users").where("id", "=", userId.data).execute();
    return user;
  });
  await recordAuditEvent(context.db, context.source, { action: "user.removed", target: removed.email, data: { userId: userId.data, role: removed.role } });
  return { email: removed.email };
}
