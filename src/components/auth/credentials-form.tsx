"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionState } from "@/lib/action-state";

/** An action's answer; `values` refill fields (React resets a form after its action), never passwords. */
export type CredentialsState = ActionState & { values?: Record<string, string> };

export interface CredentialField {
  name: string;
  label: string;
  type: "text" | "email" | "password" | "hidden";
  autoComplete?: string;
  defaultValue?: string;
}

interface CredentialsFormProps {
  action: (state: CredentialsState, formData: FormData) => Promise<CredentialsState>;
  fields: CredentialField[];
  submitLabel: string;
  pendingLabel: string;
}

/** The one form of the public pages (setup, sign-in, invites, password reset): labelled fields, an error, a button. */
export function CredentialsForm({ action, fields, submitLabel, pendingLabel }: CredentialsFormProps) {
  const [state, formAction, isPending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-4">
      {fields.map((field) =>
        field.type === "hidden" ? (
          <input key={field.name} type="hidden" name={field.name} value={field.defaultValue ?? ""} />
        ) : (
          <div key={field.name} className="space-y-1.5">
            <Label htmlFor={`field-${field.name}`}>{field.label}</Label>
            <Input id={`field-${field.name}`} name={field.name} type={field.type} autoComplete={field.autoComplete} defaultValue={field.type === "password" ? undefined : (state.values?.[field.name] ?? field.defaultValue)} required />
          </div>
        ),
      )}
      {state.error ? (
        <p role="alert" data-testid="form-error" className="text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      {state.message ? (
        <p role="status" className="text-sm text-muted-foreground">
          {state.message}
        </p>
      ) : null}
      <Button type="submit" disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
