import { z } from "zod";
import type { AccessContext } from "../access/authorize";
import { authorize } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { Role } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { assertAnotherOwnerRemains } from "./assert-another-owner-remains";
import { assertCanManageRole } from "./assert-can-manage-role";
import { roleSchema, userIdSchema } from "./schemas";

export const changeUserRoleInput = z.object({ userId: userIdSchema, role: roleSchema });
export type ChangeUserRoleInput = z.infer<typeof changeUserRoleInput>;

/**
 * Gives a user another role (owners and admins; only owners grant or take away owner; never the last owner).
 * Takes effect on the user's next request: the viewer is read from the database each time.
 */
export async function changeUserRole(context: AccessContext, input: ChangeUserRoleInput): Promise<{ email: string; from: Role; to: Role }> {
  authorize(context, "member.change_role");
  const parsed = changeUserRoleInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Choose a user and a role.");
  const { userId, role } = parsed.data;
  const change = await writeTransaction(context.database, async (trx) => {
    const user = await trx.selectFrom("users").select(["email", "role"]).where("id", "=", userId).executeTakeFirst();
    if (!user) throw new AppError("not_found", "This account no longer exists.");
    assertCanManageRole(context.viewer, user.role, role);
    if (user.role === role) return { email: user.email, from: user.role, to: role };
    if (user.role === "owner") await assertAnotherOwnerRemains(trx, context.database.dialect, userId);
    await trx.updateTable("users").set({ role }).where("id", "=", userId).execute();
    return { email: user.email, from: user.role, to: role };
  });
  if (change.from !== change.to) await recordAuditEvent(context.db, context.source, { action: "user.role_changed", target: change.email, data: { userId, from: change.from, to: change.to } });
  return change;
}
