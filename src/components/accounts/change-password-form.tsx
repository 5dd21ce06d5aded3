import { ActionForm } from "@/components/issues/action-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionState } from "@/lib/action-state";

/** The current password and a new one; the server ends every other session of the account. */
export function ChangePasswordForm({ action }: { action: (state: ActionState, formData: FormData) => Promise<ActionState> }) {
  return (
    <ActionForm action={action} aria-label="Change password" className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor="current-password">Current password</Label>
        <Input id="current-password" name="currentPassword" type="password" autoComplete="current-password" required />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="new-password">New password (at least 10 characters)</Label>
        <Input id="new-password" name="newPassword" type="password" autoComplete="new-password" minLength={10} required />
      </div>
      <Button type="submit">Change password</Button>
    </ActionForm>
  );
}
