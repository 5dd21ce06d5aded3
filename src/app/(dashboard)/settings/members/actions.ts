"use server";

import type { SecretState } from "@/components/accounts/secret-form";
import type { ActionState } from "@/lib/action-state";
import { getAppContext } from "@/server/app-context";
import { createPasswordResetLink } from "@/server/auth/create-password-reset-link";
import { getAuth } from "@/server/auth/get-auth";
import { createInvite } from "@/server/invites/create-invite";
import { revokeInvite } from "@/server/invites/revoke-invite";
import { changeUserRole } from "@/server/users/change-user-role";
import { removeUser } from "@/server/users/remove-user";
import type { Role } from "@/lib/roles";
import { formField as field, revalidated, runFormAction } from "@/server/actions/form-action";

const path = "/settings/members";

// Every action asks for the context first: anonymous callers are sent to sign-in before any input is read.
// The verbs check the viewer's role themselves.

export async function changeRoleAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(() => changeUserRole(context, { userId: field(formData, "userId"), role: field(formData, "role") as Role }), revalidated(path, (change) => ({
    message: change.from === change.to ? `${change.email} already is ${change.to === "admin" ? "an admin" : `a ${change.to}`}.` : `${change.email} is now ${change.to === "admin" ? "an admin" : `a ${change.to}`}.`,
  })));
}

export async function removeUserAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(() => removeUser(context, { userId: field(formData, "userId") }), revalidated(path, (removed) => ({ message: `Removed ${removed.email}.` })));
}

export async function createResetLinkAction(_previous: SecretState, formData: FormData): Promise<SecretState> {
  const context = await getAppContext();
  const auth = await getAuth();
  return runFormAction(() => createPasswordResetLink(context, auth, { userId: field(formData, "userId") }), revalidated(path, (link): SecretState => ({
    message: `Give this link to ${link.email}. It sets a new password once, within an hour, and signs them out everywhere.`,
    secret: link.url,
  })));
}

export async function createInviteAction(_previous: SecretState, formData: FormData): Promise<SecretState> {
  const context = await getAppContext();
  return runFormAction(() => createInvite(context, { email: field(formData, "email"), role: field(formData, "role") as Role, teamId: field(formData, "teamId") }), revalidated(path, (invite): SecretState => ({
    message: invite.isEmailed
      ? "Invitation e-mailed. You can also pass the link on yourself:"
      : invite.mailError
        ? `The e-mail could not be sent (${invite.mailError}). Pass the link on yourself:`
        : "Invitation created. Pass the link on:",
    secret: invite.url,
  })));
}

export async function revokeInviteAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(() => revokeInvite(context, { inviteId: field(formData, "inviteId") }), revalidated(path, () => ({ message: "Invitation withdrawn." })));
}
