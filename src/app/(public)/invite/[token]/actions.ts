"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { CredentialsState } from "@/components/auth/credentials-form";
import { clientAddressHeader } from "@/server/access/client-headers";
import { getPublicContext } from "@/server/app-context";
import { getAuth } from "@/server/auth/get-auth";
import { formField as field, runFormAction } from "@/server/actions/form-action";
import { acceptInvite } from "@/server/invites/accept-invite";

/** Creates the invitee's account from the invitation in the form and signs them in. Public: the secret is the credential. */
export async function acceptInviteAction(_previous: CredentialsState, formData: FormData): Promise<CredentialsState> {
  const { db } = await getPublicContext();
  const requestHeaders = await headers();
  return runFormAction(
    async () => acceptInvite(db, await getAuth(), {
      secret: field(formData, "token"),
      name: field(formData, "name"),
      email: field(formData, "email"),
      password: field(formData, "password"),
      headers: requestHeaders,
      source: { ipAddress: requestHeaders.get(clientAddressHeader), userAgent: requestHeaders.get("user-agent") },
    }),
    () => redirect("/projects"),
    (error) => ({ error, values: { name: field(formData, "name"), email: field(formData, "email") } }),
  );
}
