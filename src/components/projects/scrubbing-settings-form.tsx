"use client";

import { useActionState } from "react";
import type { ScrubbingSettingsState, ScrubbingSettingsValues } from "@/app/(dashboard)/projects/[projectSlug]/settings/actions";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";

interface ScrubbingSettingsFormProps {
  action: (state: ScrubbingSettingsState, formData: FormData) => Promise<ScrubbingSettingsState>;
  initial: ScrubbingSettingsValues;
}

const textareaClass =
  "min-h-20 w-full rounded-md border border-border bg-background px-3 py-2 font-mono text-xs leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

function Checkbox({ id, name, label, help, defaultChecked }: { id: string; name: keyof ScrubbingSettingsValues; label: string; help: string; defaultChecked: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <input id={id} name={name} type="checkbox" defaultChecked={defaultChecked} aria-describedby={`${id}-help`} className="mt-1 h-4 w-4 accent-[var(--primary)]" />
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          {help}
        </p>
      </div>
    </div>
  );
}

/** What digest filters out of this project's events before storing them. */
export function ScrubbingSettingsForm({ action, initial }: ScrubbingSettingsFormProps) {
  const [state, formAction, isPending] = useActionState(action, { values: initial });
  const values = state.values ?? initial;
  return (
    <form action={formAction} className="space-y-5" noValidate>
      <Checkbox
        id="scrub-data"
        name="isEnabled"
        label="Scrub data"
        help="Values of keys such as password, secret, token, auth, cookie or session, bearer tokens, private keys and card numbers become [Filtered] before anything is stored."
        defaultChecked={values.isEnabled}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="scrub-extra-keys">Additional sensitive keys</Label>
          <textarea id="scrub-extra-keys" name="extraKeys" defaultValue={values.extraKeys} spellCheck={false} aria-describedby="scrub-extra-keys-help" className={textareaClass} />
          <p id="scrub-extra-keys-help" className="text-xs text-muted-foreground">
            One per line; a key containing one of these words is filtered.
          </p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="scrub-safe-fields">Safe fields</Label>
          <textarea id="scrub-safe-fields" name="safeFields" defaultValue={values.safeFields} spellCheck={false} aria-describedby="scrub-safe-fields-help" className={textareaClass} />
          <p id="scrub-safe-fields-help" className="text-xs text-muted-foreground">
            One per line; keys that are never filtered.
          </p>
        </div>
      </div>
      <Checkbox id="scrub-ip-addresses" name="scrubIpAddresses" label="Do not store IP addresses" help="Drops the user's IP address and filters IP addresses in every value." defaultChecked={values.scrubIpAddresses} />
      <Checkbox id="scrub-emails" name="scrubEmails" label="Filter e-mail addresses" help="Filters e-mail addresses in every value, the user's included." defaultChecked={values.scrubEmails} />
      {state.status === "error" ? (
        <p role="alert" className="text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={isPending}>
          {isPending ? "Saving…" : "Save data scrubbing"}
        </Button>
        {state.status === "saved" && !isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Data scrubbing saved
          </p>
        ) : null}
      </div>
    </form>
  );
}
