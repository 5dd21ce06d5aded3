"use client";

import { useActionState, type ReactNode } from "react";
import { CodeBlock } from "@/components/ui/code-block";
import type { ActionState } from "@/lib/action-state";
import { cn } from "@/lib/cn";

/** An action's answer that may carry a secret (an invite link, a reset link, an API token) to show once. */
export interface SecretState extends ActionState {
  secret?: string;
}

interface SecretFormProps {
  action: (state: SecretState, formData: FormData) => Promise<SecretState>;
  children: ReactNode;
  /** What the secret is, for the copy button and the screen reader: "invite link", "API token". */
  secretLabel: string;
  "aria-label": string;
  className?: string;
  /** Said under the secret; by default that only its hash is kept. */
  note?: string;
}

/**
 * A form whose action creates a secret: the error, or the confirmation with the secret in a copyable block
 * and a reminder that it is shown only this once (only its hash is stored).
 */
export function SecretForm({ action, children, secretLabel, "aria-label": label, className, note = "Copy it now: Lantern keeps only its hash and cannot show it again." }: SecretFormProps) {
  const [state, formAction, isPending] = useActionState(action, {});
  return (
    <div className="space-y-3">
      <form action={formAction} aria-label={label} aria-busy={isPending} className={cn(className, isPending && "opacity-70")}>
        {children}
      </form>
      {state.error ? (
        <p role="alert" className="text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      {state.message || state.secret ? (
        <div role="status" className="space-y-2">
          {state.message ? <p className="text-sm text-muted-foreground">{state.message}</p> : null}
          {state.secret ? (
            <>
              <CodeBlock code={state.secret} label={secretLabel} />
              <p className="text-xs text-muted-foreground">{note}</p>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
