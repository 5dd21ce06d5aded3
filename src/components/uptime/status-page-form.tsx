"use client";

import { ActionForm } from "@/components/issues/action-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionState } from "@/lib/action-state";
import type { StatusPageSettingsView } from "@/lib/views/uptime";

interface StatusPageFormProps {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  settings: StatusPageSettingsView;
}

/** The public status page's switch and title. */
export function StatusPageForm({ action, settings }: StatusPageFormProps) {
  return (
    <ActionForm action={action} aria-label="Status page settings" className="space-y-3">
      <input type="hidden" name="projectSlug" value={settings.projectSlug} />
      <div className="flex items-center gap-2 text-sm">
        <input id="status-page-enabled" name="isEnabled" type="checkbox" defaultChecked={settings.isEnabled} className="h-4 w-4 accent-[var(--primary)]" />
        <Label htmlFor="status-page-enabled" className="font-normal">
          Public status page (no sign-in)
        </Label>
      </div>
      <div className="max-w-md space-y-1.5">
        <Label htmlFor="status-page-title">Title</Label>
        <Input id="status-page-title" name="title" required maxLength={100} defaultValue={settings.title} />
      </div>
      <Button type="submit" variant="secondary" size="sm">
        Save status page
      </Button>
    </ActionForm>
  );
}
