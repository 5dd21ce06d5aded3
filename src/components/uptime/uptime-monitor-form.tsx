"use client";

import { useActionState } from "react";
import { ActionMessages } from "@/components/ui/action-messages";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { UptimeFormState } from "@/app/(dashboard)/projects/[projectSlug]/uptime/actions";
import type { UptimeFormValues } from "@/lib/uptime-form";
import { describeInterval, uptimeIntervals, uptimeMethods } from "@/lib/views/uptime";

interface UptimeMonitorFormProps {
  action: (state: UptimeFormState, formData: FormData) => Promise<UptimeFormState>;
  projectSlug: string;
  monitorId: number | null;
  values: UptimeFormValues;
  submitLabel: string;
}

const textareaClass = "w-full max-w-full rounded-md border border-border bg-background px-3 py-2 font-mono text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** The request Lantern makes, how often, and when a site counts as down and up again. */
export function UptimeMonitorForm({ action, projectSlug, monitorId, values: initial, submitLabel }: UptimeMonitorFormProps) {
  const [state, formAction, isPending] = useActionState(action, {});
  const values = state.values ?? initial;
  return (
    // Keyed by the values: after a refusal React resets the form, and selects keep the default they mounted with.
    <form key={JSON.stringify(values)} action={formAction} aria-label={monitorId === null ? "New uptime monitor" : "Edit uptime monitor"} className="space-y-5">
      <input type="hidden" name="projectSlug" value={projectSlug} />
      <input type="hidden" name="monitorId" value={monitorId ?? ""} />
      <div className="space-y-1.5">
        <Label htmlFor="uptime-url">URL</Label>
        <Input id="uptime-url" name="url" type="url" required maxLength={255} defaultValue={values.url} placeholder="https://shop.example.com/health" className="font-mono" />
        <p className="text-xs text-muted-foreground">Redirects are not followed: a 3xx answer is judged by the expected status range.</p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="uptime-name">Name</Label>
        <Input id="uptime-name" name="name" maxLength={128} defaultValue={values.name} placeholder="Uptime Monitoring for the URL" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="space-y-1.5">
          <Label htmlFor="uptime-method">Method</Label>
          <Select id="uptime-method" name="method" defaultValue={values.method}>
            {uptimeMethods.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="uptime-interval">Interval</Label>
          <Select id="uptime-interval" name="intervalSeconds" defaultValue={values.intervalSeconds}>
            {uptimeIntervals.map((seconds) => (
              <option key={seconds} value={seconds}>
                {describeInterval(seconds)}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="uptime-timeout">Timeout (ms)</Label>
          <Input id="uptime-timeout" name="timeoutMs" type="number" min={1000} max={60000} step={1} required defaultValue={values.timeoutMs} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="uptime-status-min">Lowest status that is up</Label>
          <Input id="uptime-status-min" name="expectedStatusMin" type="number" min={100} max={599} required defaultValue={values.expectedStatusMin} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="uptime-status-max">Highest status that is up</Label>
          <Input id="uptime-status-max" name="expectedStatusMax" type="number" min={100} max={599} required defaultValue={values.expectedStatusMax} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="uptime-environment">Environment</Label>
          <Input id="uptime-environment" name="environment" maxLength={64} defaultValue={values.environment} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="uptime-downtime">Failures before downtime</Label>
          <Input id="uptime-downtime" name="downtimeThreshold" type="number" min={1} max={100} required defaultValue={values.downtimeThreshold} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="uptime-recovery">Successes before recovery</Label>
          <Input id="uptime-recovery" name="recoveryThreshold" type="number" min={1} max={100} required defaultValue={values.recoveryThreshold} />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="uptime-headers">Headers</Label>
        <textarea id="uptime-headers" name="headers" rows={3} defaultValue={values.headers} placeholder="Authorization: Bearer …" className={textareaClass} />
        <p className="text-xs text-muted-foreground">One a line, as Name: value. The request line, headers and body together are at most 1000 bytes.</p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="uptime-body">Body</Label>
        <textarea id="uptime-body" name="body" rows={3} defaultValue={values.body} className={textareaClass} />
      </div>
      <div className="space-y-2 text-sm">
        <div className="flex items-center gap-2">
          <input id="uptime-active" name="isActive" type="checkbox" defaultChecked={values.isActive} className="h-4 w-4 accent-[var(--primary)]" />
          <Label htmlFor="uptime-active" className="font-normal">
            Active (checked on schedule)
          </Label>
        </div>
        <div className="flex items-center gap-2">
          <input id="uptime-public" name="showOnStatusPage" type="checkbox" defaultChecked={values.showOnStatusPage} className="h-4 w-4 accent-[var(--primary)]" />
          <Label htmlFor="uptime-public" className="font-normal">
            Show on the public status page (by name only)
          </Label>
        </div>
      </div>
      <ActionMessages state={state} errorClassName="rounded-md border border-danger/50 px-3 py-2" />
      <Button type="submit" disabled={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
