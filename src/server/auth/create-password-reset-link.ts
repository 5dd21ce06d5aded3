import { randomBytes } from "node:crypto";
import { authorize, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { assertCanManageRole } from "../users/assert-can-manage-role";
import type { Auth } from "./create-auth";
import { passwordResetUrl } from "./password-reset-url";

/**
 * For instances without e-mail: an owner or admin makes a reset link for someone and hands it over. It is
 * the same one-hour, single-use token the e-mail would carry (stored by better-auth, which consumes it).
 * Only owners make links for owners.
 */
export async function createPasswordResetLink(context: AccessContext, auth: Auth, input: { userId: string }): Promise<{ url: string; email: string; expiresAt: number }> {
  authorize(context, "member.create_reset_link");
  const user = await context.db.selectFrom("users").select(["id", "email", "role"]).where("id", "=", input.userId).executeTakeFirst();
  if (!user) throw new AppError("not_found", "This account no longer exists.");
  assertCanManageRole(context.viewer, user.role, user.role);
  const authContext = await auth.$context;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = Date.now() + (authContext.options.emailAndPassword?.resetPasswordTokenExpiresIn ?? 3600) * 1000;
  await authContext.internalAdapter.createVerificationValue({ identifier: `reset-password:${token}`, value: user.id, expiresAt: new Date(expiresAt) });
  await recordAuditEvent(context.db, context.source, { action: "auth.password_reset_requested", target: user.email, data: { via: "link", userId: user.id } });
  return { url: passwordResetUrl(context.config, token), email: user.email, expiresAt };
}
