import { ActionForm } from "@/components/issues/action-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionState } from "@/lib/action-state";

interface CreateProjectKeyFormProps {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  projectId: number;
}

/** A new key (a new DSN) for the project; the label says which app or environment uses it. */
export function CreateProjectKeyForm({ action, projectId }: CreateProjectKeyFormProps) {
  return (
    <ActionForm action={action} aria-label="Create a key" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="projectId" value={projectId} />
      <div className="w-64 space-y-1">
        <Label htmlFor="new-key-label">Label</Label>
        <Input id="new-key-label" name="label" required maxLength={64} placeholder="e.g. Mobile app, staging" autoComplete="off" />
      </div>
      <Button type="submit">Create key</Button>
    </ActionForm>
  );
}
