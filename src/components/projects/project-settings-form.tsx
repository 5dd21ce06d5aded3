"use client";

import { useActionState } from "react";
import type { ProjectSettingsState, ProjectSettingsValues } from "@/app/(dashboard)/projects/[projectSlug]/settings/actions";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface ProjectSettingsFormProps {
  action: (state: ProjectSettingsState, formData: FormData) => Promise<ProjectSettingsState>;
  initial: ProjectSettingsValues;
  /** The instance defaults that an empty number field stands for. */
  defaults: { retentionDays: number; maxEventsPerIssue: number };
}

const textareaClass =
  "min-h-32 w-full rounded-md border border-border bg-background px-3 py-2 font-mono text-xs leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-danger";

/** Grouping rules and retention of one project; a rule's syntax error comes back naming its line. */
export function ProjectSettingsForm({ action, initial, defaults }: ProjectSettingsFormProps) {
  const [state, formAction, isPending] = useActionState(action, { values: initial });
  const values = state.values ?? initial;
  const error = state.status === "error" ? state.error : undefined;
  return (
    <form action={formAction} className="space-y-6" noValidate>
      <div className="space-y-1.5">
        <Label htmlFor="fingerprint-rules">Fingerprint rules</Label>
        <p id="fingerprint-rules-help" className="text-xs text-muted-foreground">
          One rule per line: matchers, then <code className="font-mono">-&gt;</code> and the fingerprint. For example{" "}
          <code className="font-mono">error.type:DatabaseUnavailable -&gt; system-down</code>. <code className="font-mono">#</code> starts a comment.
        </p>
        <textarea
          id="fingerprint-rules"
          name="fingerprintRules"
          defaultValue={values.fingerprintRules}
         
          spellCheck={false}
          aria-describedby="fingerprint-rules-help"
          aria-invalid={Boolean(error?.startsWith("Fingerprint rules"))}
          className={textareaClass}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="stacktrace-rules">Stack trace rules</Label>
        <p id="stacktrace-rules-help" className="text-xs text-muted-foreground">
          One rule per line: matchers, then actions. For example <code className="font-mono">path:**/vendor/** -app</code> marks vendored frames as not in-app.
        </p>
        <textarea
          id="stacktrace-rules"
          name="stacktraceRules"
          defaultValue={values.stacktraceRules}
         
          spellCheck={false}
          aria-describedby="stacktrace-rules-help"
          aria-invalid={Boolean(error?.startsWith("Stack trace rules"))}
          className={textareaClass}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="retention-days">Retention (days)</Label>
          <Input id="retention-days" name="retentionDays" type="number" min={1} step={1} inputMode="numeric" defaultValue={values.retentionDays} placeholder={String(defaults.retentionDays)} aria-describedby="retention-days-help" />
          <p id="retention-days-help" className="text-xs text-muted-foreground">
            Empty: the instance default, {defaults.retentionDays} days.
          </p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="max-events-per-issue">Events kept per issue</Label>
          <Input
            id="max-events-per-issue"
            name="maxEventsPerIssue"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            defaultValue={values.maxEventsPerIssue}
           
            placeholder={String(defaults.maxEventsPerIssue)}
            aria-describedby="max-events-per-issue-help"
          />
          <p id="max-events-per-issue-help" className="text-xs text-muted-foreground">
            Empty: the instance default, {defaults.maxEventsPerIssue} events.
          </p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="slow-db-query-ms">Slow database query (ms)</Label>
          <Input id="slow-db-query-ms" name="slowDbQueryMs" type="number" min={1} step={1} inputMode="numeric" defaultValue={values.slowDbQueryMs} placeholder="500" aria-describedby="slow-db-query-ms-help" />
          <p id="slow-db-query-ms-help" className="text-xs text-muted-foreground">
            A SELECT span longer than this opens or joins a slow database query issue. Empty: 500 ms.
          </p>
        </div>
      </div>
      <FormFooter submitLabel="Save" isPending={isPending} error={error} saved={state.status === "saved"} />
    </form>
  );
}
