import type { Metadata } from "next";
import Link from "next/link";
import { CredentialsForm, type CredentialField } from "@/components/auth/credentials-form";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { getPublicContext } from "@/server/app-context";
import { findInvite } from "@/server/invites/find-invite";
import { inviteRefusal } from "@/server/invites/accept-invite";
import { acceptInviteAction } from "./actions";

export const metadata: Metadata = { title: "Join Lantern", referrer: "no-referrer" };

const roleWords = { owner: "an owner", admin: "an admin", member: "a member" } as const;

/** Where an invitation link leads: the invitee picks a name and password (and an e-mail, unless the invite fixed one). */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { db } = await getPublicContext();
  const invite = await findInvite(db, token);
  const refusal = inviteRefusal(invite?.status ?? null);
  if (refusal || !invite) {
    return (
      <div className="mx-auto max-w-sm">
        <PageHeader title="This invitation cannot be used" />
        <Card className="space-y-4">
          <p role="alert" className="text-sm">
            {refusal}
          </p>
          <Link href="/sign-in" className="text-sm text-primary hover:underline">
            Go to sign-in
          </Link>
        </Card>
      </div>
    );
  }
  const fields: CredentialField[] = [
    { name: "token", label: "", type: "hidden", defaultValue: token },
    { name: "name", label: "Name", type: "text", autoComplete: "name" },
    invite.email ? { name: "email", label: "", type: "hidden", defaultValue: invite.email } : { name: "email", label: "E-mail", type: "email", autoComplete: "username" },
    { name: "password", label: "Password (at least 10 characters)", type: "password", autoComplete: "new-password" },
  ];
  return (
    <div className="mx-auto max-w-sm">
      <PageHeader title="Join Lantern" description={`You are invited as ${roleWords[invite.role]}${invite.teamName ? ` of the team ${invite.teamName}` : ""}.`} />
      <Card className="space-y-4">
        {invite.email ? (
          <p className="text-sm">
            Your account: <span className="font-medium">{invite.email}</span>
          </p>
        ) : null}
        <CredentialsForm action={acceptInviteAction} submitLabel="Create account" pendingLabel="Creating…" fields={fields} />
      </Card>
    </div>
  );
}
