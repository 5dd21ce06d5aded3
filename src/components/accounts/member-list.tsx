import { ActionForm } from "@/components/issues/action-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { Select } from "@/components/ui/input";
import type { ActionState } from "@/lib/action-state";
import { formatTimestamp } from "@/lib/format-time";
import type { Role } from "@/lib/roles";
import type { UserSummary } from "@/lib/views/users";
import { SecretForm, type SecretState } from "./secret-form";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";

export interface MemberActions {
  changeRole: (state: ActionState, formData: FormData) => Promise<ActionState>;
  remove: (state: ActionState, formData: FormData) => Promise<ActionState>;
  createResetLink: (state: SecretState, formData: FormData) => Promise<SecretState>;
}

interface MemberListProps {
  users: UserSummary[];
  viewer: { userId: string; role: Role };
  /** Absent for members: they see the list, not the controls. */
  actions?: MemberActions;
}

const roleNames: Record<Role, string> = { owner: "Owner", admin: "Admin", member: "Member" };

/** The roles `viewer` may give: owners any, admins admin or member (the server enforces the same). */
export function assignableRoles(viewerRole: Role): Role[] {
  return viewerRole === "owner" ? ["owner", "admin", "member"] : ["admin", "member"];
}

function memberColumns(hasActions: boolean): DataTableColumn[] {
  const columns: DataTableColumn[] = [{ label: "Member" }, { label: "Role" }, { label: "Teams" }, { label: "Joined" }];
  return hasActions ? [...columns, { label: "Actions", isLabelHidden: true }] : columns;
}

/** Every account with its role and teams; owners and admins change roles, remove accounts and make reset links. */
export function MemberList({ users, viewer, actions }: MemberListProps) {
  return (
    <DataTable label="Members" columns={memberColumns(Boolean(actions))} padding="px-4" isHeaderInCapitals bodyClassName="">
      {users.map((user) => {
        const isSelf = user.id === viewer.userId;
        const canManage = actions !== undefined && (viewer.role === "owner" || user.role !== "owner");
        return (
          <tr key={user.id} className="border-b border-border align-top last:border-0">
            <th scope="row" className="px-4 py-3 font-normal">
              <span className="block font-medium">
                {user.name}
                {isSelf ? <span className="text-muted-foreground"> (you)</span> : null}
              </span>
              <span className="block text-muted-foreground">{user.email}</span>
            </th>
            <td className="px-4 py-3">
              <Badge>{roleNames[user.role]}</Badge>
            </td>
            <td className="px-4 py-3 text-muted-foreground">{user.teams.length ? user.teams.join(", ") : "—"}</td>
            <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{formatTimestamp(user.createdAt).slice(0, 10)}</td>
            {actions ? (
              <td className="min-w-72 space-y-3 px-4 py-3">
                {canManage ? (
                  <>
                    <ActionForm action={actions.changeRole} aria-label={`Role of ${user.email}`} className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="userId" value={user.id} />
                      <label className="sr-only" htmlFor={`role-${user.id}`}>
                        Role of {user.email}
                      </label>
                      <Select id={`role-${user.id}`} name="role" defaultValue={user.role} className="w-32">
                        {assignableRoles(viewer.role).map((role) => (
                          <option key={role} value={role}>
                            {roleNames[role]}
                          </option>
                        ))}
                      </Select>
                      <Button type="submit" variant="secondary" size="sm">
                        Change role
                      </Button>
                    </ActionForm>
                    <SecretForm action={actions.createResetLink} secretLabel={`reset link for ${user.email}`} aria-label={`Password reset link for ${user.email}`}>
                      <input type="hidden" name="userId" value={user.id} />
                      <Button type="submit" variant="ghost" size="sm">
                        Make a password reset link
                      </Button>
                    </SecretForm>
                    {isSelf ? null : (
                      <ConfirmAction
                        trigger="Remove…"
                        title={`Remove ${user.email}?`}
                        description="Their sessions end at once; their API tokens stop working."
                        action={actions.remove}
                        formLabel={`Remove ${user.email}`}
                        fields={{ userId: user.id }}
                        submitLabel={`Remove ${user.email}`}
                      />
                    )}
                  </>
                ) : (
                  <p className="text-xs text-muted-foreground">Only owners change an owner.</p>
                )}
              </td>
            ) : null}
          </tr>
        );
      })}
    </DataTable>
  );
}
