"use client";

import { useActionState } from "react";
import { ActionMessages } from "@/components/ui/action-messages";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { LogAlertFormState } from "@/app/(dashboard)/projects/[projectSlug]/alerts/logs/actions";
import { logAlertIntervals, maxLogAlertThreshold, type LogAlertFormValues } from "@/lib/log-alert-intervals";

interface LogAlertRuleFormProps {
  action: (state: LogAlertFormState, formData: FormData) => Promise<LogAlertFormState>;
  projectSlug: string;
  ruleId: number | null;
  values: LogAlertFormValues;
  channels: { slug: string; name: string; kind: string }[];
  submitLabel: string;
}

/** "More than [N] log lines matching [query] in [interval]", then the channels to post to. */
export function LogAlertRuleForm({ action, projectSlug, ruleId, values: initial, channels, submitLabel }: LogAlertRuleFormProps) {
  const [state, formAction, isPending] = useActionState(action, {});
  const values = state.values ?? initial;
  return (
    <form action={formAction} aria-label={ruleId === null ? "New log alert rule" : "Edit log alert rule"} className="space-y-5">
      <input type="hidden" name="projectSlug" value={projectSlug} />
      <input type="hidden" name="ruleId" value={ruleId ?? ""} />
      <div className="space-y-1.5">
        <Label htmlFor="log-rule-name">Name</Label>
        <Input id="log-rule-name" name="name" required maxLength={256} defaultValue={values.name} placeholder="Payments failing" />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="log-rule-query">Log query</Label>
        <Input id="log-rule-query" name="query" required maxLength={2000} defaultValue={values.query} placeholder='"payment failed" severity:error' className="font-mono" />
        <p className="text-xs text-muted-foreground">The logs search syntax: free text, key:value, has:key, !key:value, severity:error.</p>
      </div>
      {/* Keyed by the values: after a refusal React resets the form, and a select keeps the default it mounted with. */}
      <fieldset key={`${values.interval}`} className="flex flex-wrap items-center gap-2 text-sm">
        <legend className="mb-1.5 text-sm font-medium">When</legend>
        <span>more than</span>
        <label htmlFor="log-rule-threshold" className="sr-only">
          Threshold (lines)
        </label>
        <Input id="log-rule-threshold" name="threshold" type="number" min={0} max={maxLogAlertThreshold} step={1} required defaultValue={values.threshold} className="h-8 w-28" />
        <span>matching lines in</span>
        <label htmlFor="log-rule-interval" className="sr-only">
          Interval
        </label>
        <Select id="log-rule-interval" name="interval" defaultValue={values.interval} className="h-8 w-40">
          {Object.entries(logAlertIntervals).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </fieldset>
      <fieldset className="space-y-2 text-sm">
        <legend className="mb-1.5 text-sm font-medium">Post to</legend>
        {channels.length === 0 ? <p className="text-muted-foreground">No notification channels yet: an owner or admin adds them under Settings → Notifications.</p> : null}
        {channels.map((channel) => {
          const id = `log-rule-channel-${channel.slug}`;
          return (
            <div key={channel.slug} className="flex items-center gap-2">
              <input id={id} name="channel" type="checkbox" value={channel.slug} defaultChecked={values.channels.includes(channel.slug)} className="h-4 w-4 accent-[var(--primary)]" />
              <Label htmlFor={id} className="font-normal">
                {channel.name} <span className="text-muted-foreground">({channel.kind})</span>
              </Label>
            </div>
          );
        })}
      </fieldset>
      <ActionMessages state={state} errorClassName="rounded-md border border-danger/50 px-3 py-2" />
      <Button type="submit" disabled={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
