import type { AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { Auth } from "../auth/create-auth";
import { readAuthErrorCode } from "../auth/read-auth-error";
import { AppError } from "../errors";
import { passwordSchema } from "./schemas";

interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  /** The request's headers: the session to change it for (better-auth reads the cookie and sets the new one). */
  headers: Headers;
}

/** Changes the signed-in user's password and ends every other session of theirs; this browser gets a new one. */
export async function changePassword(context: AccessContext, auth: Auth, input: ChangePasswordInput): Promise<void> {
  const newPassword = passwordSchema.safeParse(input.newPassword);
  if (!newPassword.success) throw new AppError("bad_request", `New password: ${newPassword.error.issues[0]?.message ?? "invalid."}`);
  if (input.currentPassword === newPassword.data) throw new AppError("bad_request", "Choose a password different from the current one.");
  try {
    await auth.api.changePassword({ body: { currentPassword: input.currentPassword, newPassword: newPassword.data, revokeOtherSessions: true }, headers: input.headers });
  } catch (error) {
    const code = readAuthErrorCode(error);
    if (code === "INVALID_PASSWORD") throw new AppError("bad_request", "The current password is wrong.");
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") throw new AppError("conflict", "This account signs in without a password.");
    if (code === "UNAUTHORIZED") throw new AppError("unauthorized", "Your session has ended. Sign in again.");
    throw error;
  }
  await recordAuditEvent(context.db, context.source, { action: "auth.password_changed", target: context.viewer.email });
}
