"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { CredentialsState } from "@/components/auth/credentials-form";
import { clientAddressHeader } from "@/server/access/client-headers";
import { getPublicContext } from "@/server/app-context";
import { getAuth } from "@/server/auth/get-auth";
import { createOwner } from "@/server/users/create-owner";
import { runFormAction } from "@/server/actions/form-action";

/** Creates the first account (an owner) and signs it in; refused once any account exists. */
export async function setupAction(_previous: CredentialsState, formData: FormData): Promise<CredentialsState> {
  const { db } = await getPublicContext();
  const requestHeaders = await headers();
  return runFormAction(
    async () => createOwner(db, await getAuth(), {
      name: String(formData.get("name") ?? ""),
      email: String(formData.get("email") ?? ""),
      password: String(formData.get("password") ?? ""),
      headers: requestHeaders,
      ipAddress: requestHeaders.get(clientAddressHeader),
      userAgent: requestHeaders.get("user-agent"),
    }),
    () => redirect("/projects"),
    (error) => ({ error, values: { name: String(formData.get("name") ?? ""), email: String(formData.get("email") ?? "") } }),
  );
}
