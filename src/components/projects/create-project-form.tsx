"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { CreateProjectState } from "@/app/(dashboard)/projects/new/actions";
import { platformLabels } from "@/lib/platforms";

interface CreateProjectFormProps {
  action: (state: CreateProjectState, formData: FormData) => Promise<CreateProjectState>;
}

export function CreateProjectForm({ action }: CreateProjectFormProps) {
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
      <div className="flex items-start gap-2">
        <input id="project-alert-on-new-issues" name="alertOnNewIssues" type="checkbox" defaultChecked={state.values?.alertOnNewIssues ?? true} className="mt-0.5 h-4 w-4 accent-[var(--primary)]" />
        <Label htmlFor="project-alert-on-new-issues" className="font-normal">
          Alert me and the project&apos;s members by e-mail on every new issue
        </Label>
      </div>
      <Button type="submit" disabled={isPending}>
        {isPending ? "Creating…" : "Create project"}
      </Button>
    </form>
  );
}
