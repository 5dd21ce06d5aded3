"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAppContext } from "@/server/app-context";
import { getAuth } from "@/server/auth/get-auth";
import { isAppError } from "@/server/errors";
import { decideOAuthConsent } from "@/server/oauth/decide-oauth-consent";

/** Allow or Deny: better-auth answers with the client's redirect URI (a code, or access_denied), where the browser goes. */
export async function decideOAuthConsentAction(formData: FormData): Promise<void> {
  const context = await getAppContext();
  const query = String(formData.get("query") ?? "");
  let next: string;
  try {
    next = await decideOAuthConsent(context, await getAuth(), { query, accept: formData.get("decision") === "allow", headers: new Headers(await headers()) });
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The page explains a request it cannot use.
    redirect("/oauth/consent");
  }
  redirect(next);
}
