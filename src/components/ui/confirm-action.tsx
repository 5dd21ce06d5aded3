import type { ReactNode } from "react";
import { ActionForm } from "@/components/issues/action-form";
import type { ActionState } from "@/lib/action-state";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";

interface ConfirmActionProps {
  /** The button that asks ("Delete…", "Remove…"). */
  trigger: string;
  /** The question the alert dialog is named by ("Delete Checkout errors?"). */
  title: string;
  /** What follows, read when the dialog opens. */
  description?: ReactNode;
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  /** The form's accessible name ("Delete Checkout errors"). */
  formLabel: string;
  /** What the action is told: which item (hidden fields). */
  fields: Record<string, string | number>;
  /** The danger button that does it ("Delete Checkout errors"). */
  submitLabel: string;
}

/**
 * A destructive server action asked for twice: a button opens an alert dialog whose form posts `fields` with
 * a danger button, and shows the action's refusal in the dialog. For lists of teams, rules, channels, members.
 */
export function ConfirmAction({ trigger, title, description, action, formLabel, fields, submitLabel }: ConfirmActionProps) {
  return (
    <ConfirmDialog trigger={trigger} title={title} description={description}>
      <ActionForm action={action} aria-label={formLabel} className="space-y-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" variant="danger" size="sm">
          {submitLabel}
        </Button>
      </ActionForm>
    </ConfirmDialog>
  );
}
