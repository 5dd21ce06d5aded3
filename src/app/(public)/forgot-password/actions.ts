"use server";

import { headers } from "next/headers";
import type { CredentialsState } from "@/components/auth/credentials-form";
import { clientAddressHeader } from "@/server/access/client-headers";
import { getPublicContext } from "@/server/app-context";
import { getAuth } from "@/server/auth/get-auth";
import { requestPasswordReset } from "@/server/auth/request-password-reset";
import { runFormAction } from "@/server/actions/form-action";

/** Asks for a reset e-mail. The answer never says whether the address has an account. */
export async function forgotPasswordAction(_previous: CredentialsState, formData: FormData): Promise<CredentialsState> {
  const { db, config } = await getPublicContext();
  const requestHeaders = await headers();
  const email = String(formData.get("email") ?? "");
  return runFormAction<unknown, CredentialsState>(
    async () => requestPasswordReset(db, await getAuth(), config, {
      email,
      source: { actor: "anonymous", ipAddress: requestHeaders.get(clientAddressHeader), userAgent: requestHeaders.get("user-agent") },
    }),
    () => ({ message: "If an account uses this address, an e-mail with a reset link is on its way. The link works for an hour.", values: { email } }),
    (error) => ({ error, values: { email } }),
  );
}
