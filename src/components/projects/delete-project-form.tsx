"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionState } from "@/lib/action-state";

interface DeleteProjectFormProps {
  slug: string;
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

/** Deleting is for good, so it asks for the project's slug typed out, as Sentry does. */
export function DeleteProjectForm({ slug, action }: DeleteProjectFormProps) {
  const [state, formAction, isPending] = useActionState(action, {});
  return (
    <form action={formAction} className="mt-4 space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor="delete-project-confirm">
          Type <span className="font-mono">{slug}</span> to confirm
        </Label>
        <Input id="delete-project-confirm" name="confirm" autoComplete="off" className="max-w-sm" />
      </div>
      {state.error ? (
        <p role="alert" className="text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      <Button type="submit" variant="danger" disabled={isPending}>
        {isPending ? "Deleting…" : "Delete project"}
      </Button>
    </form>
  );
}
