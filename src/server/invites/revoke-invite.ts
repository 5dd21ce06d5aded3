import { z } from "zod";
import type { AccessContext } from "../access/authorize";
import { authorize, requireOwner } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";

const inviteId = z.coerce.number().int().positive();

/** Withdraws a pending invite (owners and admins; only owners withdraw an owner invite): its link stops working. */
export async function revokeInvite(context: AccessContext, input: { inviteId: number | string }): Promise<void> {
  authorize(context, "invite.revoke");
  const id = inviteId.safeParse(input.inviteId);
  if (!id.success) throw new AppError("bad_request", "Unknown invitation.");
  const invite = await context.db.selectFrom("invites").select(["id", "email", "role"]).where("id", "=", id.data).executeTakeFirst();
  if (!invite) throw new AppError("not_found", "This invitation does not exist.");
  if (invite.role === "owner") requireOwner(context.viewer);
  const result = await context.db.updateTable("invites").set({ revoked_at: Date.now() }).where("id", "=", id.data).where("accepted_at", "is", null).where("revoked_at", "is", null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("conflict", "This invitation was already used or withdrawn.");
  await recordAuditEvent(context.db, context.source, { action: "invite.revoked", target: invite.email ?? `invite:${id.data}`, data: { inviteId: id.data, role: invite.role } });
}
