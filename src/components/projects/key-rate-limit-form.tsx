"use client";

import { useActionState } from "react";
import type { RateLimitState, RateLimitValues } from "@/app/(dashboard)/projects/[projectSlug]/keys/actions";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface KeyRateLimitFormProps {
  action: (state: RateLimitState, formData: FormData) => Promise<RateLimitState>;
  projectId: number;
  keyId: number;
  /** Names the key for screen readers: every key on the page has this form. */
  keyLabel: string;
  initial: RateLimitValues;
}

/** A key's rate limit: envelopes per window, both empty for none. Keeps what was typed when it is refused. */
export function KeyRateLimitForm({ action, projectId, keyId, keyLabel, initial }: KeyRateLimitFormProps) {
  const [state, formAction, isPending] = useActionState(action, { values: initial });
  const values = state.values ?? initial;
  const countId = `key-${keyId}-rate-count`;
  const windowId = `key-${keyId}-rate-window`;
  const helpId = `key-${keyId}-rate-help`;
  return (
    <form action={formAction} aria-label={`Rate limit of ${keyLabel}`} aria-busy={isPending} className="space-y-2" noValidate>
      <input type="hidden" name="projectId" value={projectId} />
      <input type="hidden" name="keyId" value={keyId} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-36 space-y-1">
          <Label htmlFor={countId}>Envelopes</Label>
          <Input id={countId} name="count" type="number" min={1} step={1} inputMode="numeric" defaultValue={values.count} placeholder="no limit" aria-describedby={helpId} aria-invalid={Boolean(state.error)} />
        </div>
        <div className="w-36 space-y-1">
          <Label htmlFor={windowId}>Window (seconds)</Label>
          <Input id={windowId} name="windowSeconds" type="number" min={1} step={1} inputMode="numeric" defaultValue={values.windowSeconds} placeholder="60" aria-describedby={helpId} aria-invalid={Boolean(state.error)} />
        </div>
        <Button type="submit" variant="secondary" disabled={isPending}>
          {isPending ? "Saving…" : "Save limit"}
        </Button>
      </div>
      <p id={helpId} className="text-xs text-muted-foreground">
        At most this many envelopes of each kind (errors, transactions, sessions, …) per window; more get 429 and the SDK backs off. Counted across all instances on PostgreSQL. Leave both empty for no limit.
      </p>
      {state.error ? (
        <p role="alert" className="text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      {state.message && !isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
