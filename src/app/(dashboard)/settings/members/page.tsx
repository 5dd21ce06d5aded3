import type { Metadata } from "next";
import { InviteForm } from "@/components/accounts/invite-form";
import { MemberList } from "@/components/accounts/member-list";
import { PendingInviteList } from "@/components/accounts/pending-invite-list";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { getAppContext } from "@/server/app-context";
import { listPendingInvites } from "@/server/invites/list-pending-invites";
import { listTeams } from "@/server/teams/list-teams";
import { listUsers } from "@/server/users/list-users";
import { changeRoleAction, createInviteAction, createResetLinkAction, removeUserAction, revokeInviteAction } from "./actions";

export const metadata: Metadata = { title: "Members" };

const memberActions = { changeRole: changeRoleAction, remove: removeUserAction, createResetLink: createResetLinkAction };

/** Everyone with an account; owners and admins also manage roles and invitations here. */
export default async function MembersPage() {
  const { db, config, viewer } = await getAppContext();
  const canManage = viewer.permissions.has("admin");
  const users = await listUsers(db);
  return (
    <>
      <PageHeader
        title="Members"
        description="Owners manage everything, including other owners. Admins manage members, teams, projects and settings. Members see and triage the issues of their teams' projects."
      />
      <div className="space-y-6">
        <MemberList users={users} viewer={viewer} actions={canManage ? memberActions : undefined} />
        {canManage ? <ManageInvites canEmail={config.auth.smtp !== null} inviteHours={config.auth.inviteHours} viewerRole={viewer.role} /> : null}
      </div>
    </>
  );
}

async function ManageInvites({ canEmail, inviteHours, viewerRole }: { canEmail: boolean; inviteHours: number; viewerRole: "owner" | "admin" | "member" }) {
  const { db } = await getAppContext();
  const [teams, invites] = await Promise.all([listTeams(db), listPendingInvites(db)]);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardTitle>Invite someone</CardTitle>
        <CardDescription>They choose their name and password; the account gets the role and team chosen here.</CardDescription>
        <div className="mt-4">
          <InviteForm action={createInviteAction} viewerRole={viewerRole} teams={teams} canEmail={canEmail} inviteHours={inviteHours} />
        </div>
      </Card>
      <Card>
        <CardTitle>Pending invitations</CardTitle>
        <div className="mt-2">
          <PendingInviteList invites={invites} revoke={revokeInviteAction} />
        </div>
      </Card>
    </div>
  );
}
