"use server";

import { headers } from "next/headers";
import type { CredentialsState } from "@/components/auth/credentials-form";
import { clientAddressHeader } from "@/server/access/client-headers";
import { getPublicContext } from "@/server/app-context";
import { getAuth } from "@/server/auth/get-auth";
import { resetPassword } from "@/server/auth/reset-password";
import { runFormAction } from "@/server/actions/form-action";

/** Sets the new password with the link's token; every session of the account ends. Public: the token is the credential. */
export async function resetPasswordAction(_previous: CredentialsState, formData: FormData): Promise<CredentialsState> {
  const { db } = await getPublicContext();
  const requestHeaders = await headers();
  return runFormAction<unknown, CredentialsState>(
    async () => resetPassword(db, await getAuth(), {
      token: String(formData.get("token") ?? ""),
      newPassword: String(formData.get("password") ?? ""),
      source: { actor: "anonymous", ipAddress: requestHeaders.get(clientAddressHeader), userAgent: requestHeaders.get("user-agent") },
    }),
    () => ({ message: "Your password is set, and every session of your account was signed out. Sign in with the new password." }),
    (error) => ({ error }),
  );
}
