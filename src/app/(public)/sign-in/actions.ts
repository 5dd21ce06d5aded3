"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { CredentialsState } from "@/components/auth/credentials-form";
import { clientAddressHeader, safeReturnPath } from "@/server/access/client-headers";
import { getPublicContext } from "@/server/app-context";
import { getAuth } from "@/server/auth/get-auth";
import { signInWithPassword } from "@/server/auth/sign-in-with-password";
import { runFormAction } from "@/server/actions/form-action";

export async function signInAction(_previous: CredentialsState, formData: FormData): Promise<CredentialsState> {
  const { db, config } = await getPublicContext();
  const requestHeaders = await headers();
  return runFormAction(
    async () => signInWithPassword(db, await getAuth(), config, {
      email: String(formData.get("email") ?? ""),
      password: String(formData.get("password") ?? ""),
      ipAddress: requestHeaders.get(clientAddressHeader),
      userAgent: requestHeaders.get("user-agent"),
      headers: requestHeaders,
    }),
    () => redirect(safeReturnPath(String(formData.get("next") ?? ""))),
    (error) => ({ error, values: { email: String(formData.get("email") ?? "") } }),
  );
}
