"use client";

import { useActionState, useState } from "react";
import { ActionMessages } from "@/components/ui/action-messages";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { MonitorFormState } from "@/app/(dashboard)/projects/[projectSlug]/crons/actions";
import { intervalUnits } from "@/lib/monitor-schedule";
import type { MonitorFormValues } from "@/lib/views/monitors";

interface MonitorFormProps {
  action: (state: MonitorFormState, formData: FormData) => Promise<MonitorFormState>;
  /** The project it belongs to; null: the form offers `projects` to choose from (the /crons page). */
  projectSlug: string | null;
  projects?: { slug: string; name: string }[];
  /** The monitor being changed; null for a new one. */
  monitorSlug: string | null;
  values: MonitorFormValues;
  submitLabel: string;
}

/** A cron monitor's name, slug, schedule (crontab in a time zone, or an interval), margin, runtime, thresholds and state. */
export function MonitorForm({ action, projectSlug, projects = [], monitorSlug, values: initial, submitLabel }: MonitorFormProps) {
  const [state, formAction, isPending] = useActionState(action, {});
  const values = state.values ?? initial;
  const [scheduleType, setScheduleType] = useState(values.scheduleType);
  const isNew = monitorSlug === null;
  return (
    <form action={formAction} aria-label={isNew ? "New cron monitor" : "Edit cron monitor"} className="space-y-5">
      {projectSlug !== null ? <input type="hidden" name="projectSlug" value={projectSlug} /> : null}
      <input type="hidden" name="monitorSlug" value={monitorSlug ?? ""} />
      {projectSlug === null ? (
        <div className="space-y-1.5">
          <Label htmlFor="monitor-project">Project</Label>
          <Select id="monitor-project" name="projectSlug" required defaultValue={projects[0]?.slug} className="max-w-sm">
            {projects.map((project) => (
              <option key={project.slug} value={project.slug}>
                {project.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="monitor-name">Name</Label>
          <Input id="monitor-name" name="name" required maxLength={128} defaultValue={values.name} placeholder="Nightly backup" />
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="monitor-slug">Slug</Label>
          <Input id="monitor-slug" name="slug" maxLength={50} pattern="[a-z0-9_\-]*" defaultValue={values.slug} placeholder="made from the name" className="font-mono" aria-describedby="monitor-slug-help" />
          <p id="monitor-slug-help" className="text-xs text-muted-foreground">
            What jobs check in with: lowercase letters, digits, - and _.
          </p>
        </div>
      </div>
      <fieldset className="space-y-3">
        <legend className="mb-1.5 text-sm font-medium">Schedule</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(["crontab", "interval"] as const).map((type) => (
            <label key={type} className="inline-flex items-center gap-2">
              <input type="radio" name="scheduleType" value={type} checked={scheduleType === type} onChange={() => setScheduleType(type)} className="h-4 w-4 accent-[var(--primary)]" />
              {type === "crontab" ? "Crontab" : "Interval"}
            </label>
          ))}
        </div>
        {scheduleType === "crontab" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="min-w-0 space-y-1.5">
              <Label htmlFor="monitor-crontab">Crontab expression</Label>
              <Input id="monitor-crontab" name="crontab" required maxLength={100} defaultValue={values.crontab} placeholder="0 2 * * *" className="font-mono" aria-describedby="monitor-crontab-help" />
              <p id="monitor-crontab-help" className="text-xs text-muted-foreground">
                Five fields (minute hour day month weekday) or @hourly, @daily, @weekly, @monthly, @yearly.
              </p>
            </div>
            <div className="min-w-0 space-y-1.5">
              <Label htmlFor="monitor-timezone">Time zone</Label>
              <Input id="monitor-timezone" name="timezone" required maxLength={64} defaultValue={values.timezone} placeholder="UTC" aria-describedby="monitor-timezone-help" />
              <p id="monitor-timezone-help" className="text-xs text-muted-foreground">
                A tz database name (Europe/Vienna): the schedule follows it across daylight-saving changes.
              </p>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-end gap-2 text-sm">
            <span className="pb-2">Every</span>
            <div className="space-y-1.5">
              <Label htmlFor="monitor-interval-value" className="sr-only">
                Interval count
              </Label>
              <Input id="monitor-interval-value" name="intervalValue" type="number" min={1} max={10000} step={1} required defaultValue={values.intervalValue} className="w-24" />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="monitor-interval-unit" className="sr-only">
                Interval unit
              </Label>
              <Select id="monitor-interval-unit" name="intervalUnit" defaultValue={values.intervalUnit} className="w-32">
                {intervalUnits.map((unit) => (
                  <option key={unit} value={unit}>
                    {unit}s
                  </option>
                ))}
              </Select>
            </div>
            <input type="hidden" name="timezone" value={values.timezone || "UTC"} />
          </div>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="monitor-margin">Check-in margin (minutes)</Label>
          <Input id="monitor-margin" name="checkinMargin" type="number" min={1} max={40320} step={1} defaultValue={values.checkinMargin} placeholder="1" aria-describedby="monitor-margin-help" />
          <p id="monitor-margin-help" className="text-xs text-muted-foreground">
            How late a check-in may be before it counts as missed.
          </p>
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="monitor-runtime">Max runtime (minutes)</Label>
          <Input id="monitor-runtime" name="maxRuntime" type="number" min={1} max={40320} step={1} defaultValue={values.maxRuntime} placeholder="30" aria-describedby="monitor-runtime-help" />
          <p id="monitor-runtime-help" className="text-xs text-muted-foreground">
            How long a job may stay in progress before it times out.
          </p>
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="monitor-failures">Failures before an issue</Label>
          <Input id="monitor-failures" name="failureIssueThreshold" type="number" min={1} max={720} step={1} required defaultValue={values.failureIssueThreshold} />
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="monitor-recoveries">Successes before it resolves</Label>
          <Input id="monitor-recoveries" name="recoveryThreshold" type="number" min={1} max={720} step={1} required defaultValue={values.recoveryThreshold} />
        </div>
      </div>
      {!isNew ? (
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <legend className="mb-1.5 text-sm font-medium">State</legend>
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name="status" value="disabled" defaultChecked={values.status === "disabled"} className="h-4 w-4 accent-[var(--primary)]" />
            Disabled (nothing is expected or missed)
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name="isMuted" defaultChecked={values.isMuted} className="h-4 w-4 accent-[var(--primary)]" />
            Muted (failures are recorded but open no issue)
          </label>
        </fieldset>
      ) : null}
      <ActionMessages state={state} errorClassName="rounded-md border border-danger/50 px-3 py-2" />
      <Button type="submit" disabled={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
