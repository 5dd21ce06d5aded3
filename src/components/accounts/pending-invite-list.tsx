import { ActionForm } from "@/components/issues/action-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/action-state";
import { formatTimestamp } from "@/lib/format-time";
import type { PendingInvite } from "@/lib/views/invites";

interface PendingInviteListProps {
  invites: PendingInvite[];
  revoke: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

/** Invitations that can still be used, each with a button that withdraws it. */
export function PendingInviteList({ invites, revoke }: PendingInviteListProps) {
  if (invites.length === 0) return <p className="text-sm text-muted-foreground">No pending invitations.</p>;
  return (
    <ul aria-label="Pending invitations" className="divide-y divide-border">
      {invites.map((invite) => {
        const name = invite.email ?? `Invitation #${invite.id}`;
        return (
          <li key={invite.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 text-sm">
            <span className="font-medium">{name}</span>
            <Badge>{invite.role}</Badge>
            {invite.teamName ? <span className="text-muted-foreground">team {invite.teamName}</span> : null}
            <span className="text-xs text-muted-foreground">
              by {invite.createdBy}, expires {formatTimestamp(invite.expiresAt)}
            </span>
            <ActionForm action={revoke} aria-label={`Withdraw ${name}`} className="ml-auto flex flex-wrap items-center gap-2">
              <input type="hidden" name="inviteId" value={invite.id} />
              <Button type="submit" variant="secondary" size="sm">
                Withdraw
              </Button>
            </ActionForm>
          </li>
        );
      })}
    </ul>
  );
}
