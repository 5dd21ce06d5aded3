"use client";

import { useActionState } from "react";
import type { RenameProjectState, RenameProjectValues } from "@/app/(dashboard)/projects/[projectSlug]/settings/actions";
import { FormFooter } from "@/components/ui/form-footer";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { platformLabels } from "@/lib/platforms";

interface RenameProjectFormProps {
  action: (state: RenameProjectState, formData: FormData) => Promise<RenameProjectState>;
  initial: RenameProjectValues;
  slug: string;
}

/** The project's name and platform; the slug is shown as what stays. */
export function RenameProjectForm({ action, initial, slug }: RenameProjectFormProps) {
  const [state, formAction, isPending] = useActionState(action, { values: initial });
  const values = state.values ?? initial;
  const error = state.status === "error" ? state.error : undefined;
  return (
    <form action={formAction} aria-label="Name and platform" className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="project-rename">Name</Label>
          <Input id="project-rename" name="name" required maxLength={64} defaultValue={values.name} aria-describedby="project-rename-help" aria-invalid={Boolean(error)} />
          <p id="project-rename-help" className="text-xs text-muted-foreground">
            The slug stays <code className="font-mono">{slug}</code>: links, the API and sentry-cli keep working.
          </p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="project-rename-platform">Platform</Label>
          <Select id="project-rename-platform" name="platform" defaultValue={values.platform} aria-describedby="project-rename-platform-help">
            {Object.entries(platformLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <p id="project-rename-platform-help" className="text-xs text-muted-foreground">
            Chooses the snippets the set-up page shows first.
          </p>
        </div>
      </div>
      <FormFooter submitLabel="Save name and platform" isPending={isPending} error={error} saved={state.status === "saved"} />
    </form>
  );
}
