import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import type { AuditSource } from "../audit/record-audit-event";
import { recordAuditEvent } from "../audit/record-audit-event";
import { passwordSchema } from "../users/schemas";
import type { Auth } from "./create-auth";
import { readAuthErrorCode } from "./read-auth-error";

const invalidLink = "This reset link is invalid, used or expired. Ask for a new one.";

/** Sets a new password with a reset token (from the e-mail or an admin's link); every session of the account ends. */
export async function resetPassword(db: Kysely<Database>, auth: Auth, input: { token: string; newPassword: string; source: AuditSource }): Promise<{ email: string }> {
  const newPassword = passwordSchema.safeParse(input.newPassword);
  if (!newPassword.success) throw new AppError("bad_request", newPassword.error.issues[0]?.message ?? "Choose another password.");
  const token = input.token.trim();
  if (!token || token.length > 200) throw new AppError("bad_request", invalidLink);
  const verification = await (await auth.$context).internalAdapter.findVerificationValue(`reset-password:${token}`);
  const user = verification ? await db.selectFrom("users").select(["id", "email"]).where("id", "=", verification.value).executeTakeFirst() : undefined;
  if (!user) throw new AppError("bad_request", invalidLink);
  try {
    await auth.api.resetPassword({ body: { token, newPassword: newPassword.data } });
  } catch (error) {
    const code = readAuthErrorCode(error);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND" || code === "BAD_REQUEST") throw new AppError("bad_request", invalidLink);
    throw error;
  }
  await recordAuditEvent(db, { actor: `user:${user.email}`, actorEmail: user.email, ipAddress: input.source.ipAddress, userAgent: input.source.userAgent }, { action: "auth.password_reset", target: user.email });
  return { email: user.email };
}
