"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { SecretState } from "@/components/accounts/secret-form";
import type { ActionState } from "@/lib/action-state";
import type { Permission } from "@/server/access/viewer";
import { getAppContext } from "@/server/app-context";
import { getAuth } from "@/server/auth/get-auth";
import { changePassword } from "@/server/users/change-password";
import { createPersonalApiToken } from "@/server/users/create-personal-api-token";
import { revokeMcpClient } from "@/server/oauth/connected-mcp-clients";
import { revokePersonalApiToken } from "@/server/users/revoke-personal-api-token";
import { signOutEverywhere } from "@/server/users/sign-out-everywhere";
import { formField as field, revalidated, runFormAction } from "@/server/actions/form-action";
import { setNotificationPreference } from "@/server/alerts/set-notification-opt-out";

const path = "/settings/account";

/**
 * Changes the password; on success goes back to the page with a notice. A redirect, not a re-render: the
 * old session (whose cookie this request carries) is gone, and the page must be read with the new one.
 */
export async function changePasswordAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const auth = await getAuth();
  const requestHeaders = await headers();
  return runFormAction(
    () => changePassword(context, auth, { currentPassword: field(formData, "currentPassword"), newPassword: field(formData, "newPassword"), headers: requestHeaders }),
    () => redirect(`${path}?changed=password`),
  );
}

/** Ends every session of the account, this one too, and goes to the sign-in page. */
export async function signOutEverywhereAction(): Promise<void> {
  const context = await getAppContext();
  await signOutEverywhere(context, await getAuth(), await headers());
  redirect("/sign-in");
}

export async function createApiTokenAction(_previous: SecretState, formData: FormData): Promise<SecretState> {
  const context = await getAppContext();
  const scopes = formData.getAll("scopes").filter((scope): scope is string => typeof scope === "string") as Permission[];
  return runFormAction(() => createPersonalApiToken(context, { name: field(formData, "name"), scopes }), revalidated(path, (created): SecretState => ({
    message: `Created. Send it as “Authorization: Bearer <token>”.`,
    secret: created.token,
  })));
}

export async function revokeApiTokenAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(() => revokePersonalApiToken(context, { tokenId: field(formData, "tokenId") }), revalidated(path, () => ({ message: "Token revoked." })));
}

export async function revokeConnectedAppAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(() => revokeMcpClient(context, { clientId: field(formData, "clientId") }), revalidated(path, () => ({ message: "Access revoked." })));
}

const maxListedProjects = 5000;

/**
 * Saves the Notifications section: every project listed in the form (hidden `projectId`s) gets alert e-mail
 * as its box is ticked, and workflow e-mail likewise. Each is the viewer's own setting; the verb checks that
 * they see the project.
 */
export async function saveNotificationPreferencesAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const projectIds = formData.getAll("projectId").filter((value): value is string => typeof value === "string" && /^[1-9]\d{0,14}$/.test(value));
  // Each id is one verb call: a forged form listing a million ids is refused before any of them.
  if (projectIds.length > maxListedProjects) return { error: `At most ${maxListedProjects.toLocaleString("en")} projects at a time.` };
  return runFormAction(
    async () => {
      for (const projectId of new Set(projectIds)) await setNotificationPreference(context, { topic: "alert", projectId: Number(projectId), enabled: field(formData, `alertEmail-${projectId}`) === "on" });
      await setNotificationPreference(context, { topic: "workflow", enabled: field(formData, "workflowEmail") === "on" });
    },
    revalidated(path, () => ({ message: "Notification settings saved." })),
  );
}
