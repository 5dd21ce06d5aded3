import { ActionForm } from "@/components/issues/action-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionState } from "@/lib/action-state";

/** A new, empty team; members and projects are added on its card. */
export function CreateTeamForm({ action }: { action: (state: ActionState, formData: FormData) => Promise<ActionState> }) {
  return (
    <ActionForm action={action} aria-label="Create a team" className="flex flex-wrap items-end gap-3">
      <div className="w-64 space-y-1">
        <Label htmlFor="new-team-name">Team name</Label>
        <Input id="new-team-name" name="name" required maxLength={64} autoComplete="off" placeholder="e.g. Checkout" />
      </div>
      <Button type="submit">Create team</Button>
    </ActionForm>
  );
}
