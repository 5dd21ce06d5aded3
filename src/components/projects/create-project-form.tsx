"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { CreateProjectState } from "@/app/(dashboard)/projects/new/actions";
import { emailSetupDocsPath } from "@/lib/delivery-health";
import { platformLabels } from "@/lib/platforms";

interface CreateProjectFormProps {
  action: (state: CreateProjectState, formData: FormData) => Promise<CreateProjectState>;
  /** Whether this server can send e-mail (LANTERN_SMTP_URL); without it the alert box says so and starts unticked. */
  canSendEmail: boolean;
}

/**
 * Name, platform, and "Alert me … by e-mail": ticked by default only where e-mail can be sent. Without SMTP a
 * rule that e-mails can only fail, so the box starts unticked (as Sentry and GlitchTip users expect no alert
 * that cannot reach them), and the warning beside it — its description — says why and how to set e-mail up;
 * ticking it anyway makes the rule, whose deliveries then show as failing on the Alerts tab until SMTP is set.
 */
export function CreateProjectForm({ action, canSendEmail }: CreateProjectFormProps) {
  const [state, formAction, isPending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <div className="space-y-1.5">
        <Label htmlFor="project-name">Name</Label>
        <Input id="project-name" name="name" required maxLength={64} defaultValue={state.values?.name} aria-invalid={Boolean(state.errors?.name)} aria-describedby="project-name-error" placeholder="checkout-web" />
        {state.errors?.name ? (
          <p id="project-name-error" role="alert" className="text-sm text-danger">
            {state.errors.name}
          </p>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="project-platform">Platform</Label>
        <Select id="project-platform" name="platform" defaultValue={state.values?.platform ?? "javascript-nextjs"} aria-invalid={Boolean(state.errors?.platform)}>
          {Object.entries(platformLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        {state.errors?.platform ? (
          <p role="alert" className="text-sm text-danger">
            {state.errors.platform}
          </p>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <div className="flex items-start gap-2">
          <input
            id="project-alert-on-new-issues"
            name="alertOnNewIssues"
            type="checkbox"
            defaultChecked={state.values?.alertOnNewIssues ?? canSendEmail}
            aria-describedby={canSendEmail ? undefined : "project-alert-email-unavailable"}
            className="mt-0.5 h-4 w-4 accent-[var(--primary)]"
          />
          <Label htmlFor="project-alert-on-new-issues" className="font-normal">
            Alert me and the project&apos;s members by e-mail on every new issue
          </Label>
        </div>
        {canSendEmail ? null : (
          <p id="project-alert-email-unavailable" className="ml-6 rounded-md border border-danger/50 bg-danger/5 px-3 py-2 text-sm">
            <span className="font-semibold text-danger">E-mail cannot be sent: this server has no SMTP server.</span> Set <code>LANTERN_SMTP_URL</code> (
            <code>smtp://user:password@host:587</code>) where Lantern runs and restart it —{" "}
            <Link href={emailSetupDocsPath} prefetch={false} className="text-primary underline">
              setting up e-mail
            </Link>
            . Ticked before then, the rule&apos;s e-mails fail and its Alerts tab shows them failing.
          </p>
        )}
      </div>
      <Button type="submit" disabled={isPending}>
        {isPending ? "Creating…" : "Create project"}
      </Button>
    </form>
  );
}
