import { UserRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ActionState } from "@/lib/action-state";
import { ActionForm } from "./action-form";
import { personName } from "@/lib/issue-words";

interface AssigneeFormProps {
  issueId: number;
  assignee: string | null;
  assign: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

/** Who is on the issue: a name (free text until Lantern has accounts), "Assign to me", or nobody. */
export function AssigneeForm({ issueId, assignee, assign }: AssigneeFormProps) {
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 text-sm">
        <UserRound aria-hidden className="h-4 w-4 text-muted-foreground" />
        {assignee ? (
          <span>
            Assigned to <span className="font-medium break-all">{personName(assignee)}</span>
          </span>
        ) : (
          <span className="text-muted-foreground">Nobody is assigned.</span>
        )}
      </p>
      <ActionForm action={assign} aria-label="Assignee" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="issueId" value={issueId} />
        <label htmlFor="issue-assignee" className="sr-only">
          Assignee name
        </label>
        <Input id="issue-assignee" name="assignee" maxLength={100} placeholder="Name" className="h-8 min-w-0 flex-1 basis-32" />
        <Button type="submit" name="intent" value="name" size="sm" variant="secondary">
          Assign
        </Button>
        <Button type="submit" name="intent" value="me" size="sm" variant="secondary">
          Assign to me
        </Button>
        <Button type="submit" name="intent" value="nobody" size="sm" variant="ghost" disabled={assignee === null}>
          Unassign
        </Button>
      </ActionForm>
    </div>
  );
}
