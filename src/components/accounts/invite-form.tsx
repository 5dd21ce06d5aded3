import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Role } from "@/lib/roles";
import { assignableRoles } from "./member-list";
import { SecretForm, type SecretState } from "./secret-form";

interface InviteFormProps {
  action: (state: SecretState, formData: FormData) => Promise<SecretState>;
  viewerRole: Role;
  teams: { id: number; name: string }[];
  canEmail: boolean;
  inviteHours: number;
}

const roleNames: Record<Role, string> = { owner: "Owner", admin: "Admin", member: "Member" };

/** Creates an invitation link for a role (and optionally a team and a fixed e-mail address), shown once. */
export function InviteForm({ action, viewerRole, teams, canEmail, inviteHours }: InviteFormProps) {
  return (
    <SecretForm action={action} secretLabel="invite link" aria-label="Invite someone" className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1.5 sm:col-span-2">
        <Label htmlFor="invite-email">E-mail (optional)</Label>
        <Input id="invite-email" name="email" type="email" autoComplete="off" placeholder="ada@example.com" aria-describedby="invite-email-help" />
        <p id="invite-email-help" className="text-xs text-muted-foreground">
          {canEmail ? "Given an address, Lantern e-mails the link and only that address can use it." : "Given an address, only it can use the link. Lantern has no SMTP server, so pass the link on yourself."}
        </p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="invite-role">Role</Label>
        <Select id="invite-role" name="role" defaultValue="member">
          {assignableRoles(viewerRole)
            .slice()
            .reverse()
            .map((role) => (
              <option key={role} value={role}>
                {roleNames[role]}
              </option>
            ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="invite-team">Team</Label>
        <Select id="invite-team" name="teamId" defaultValue="">
          <option value="">No team</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button type="submit">Create invite link</Button>
        <span className="text-xs text-muted-foreground">It works once, for {inviteHours} hours.</span>
      </div>
    </SecretForm>
  );
}
