import { ActionForm } from "@/components/issues/action-form";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/action-state";
import type { NotificationSettings } from "@/lib/views/alerts";
import { IdentifierText } from "@/components/ui/identifier-text";

interface NotificationPreferencesFormProps {
  settings: NotificationSettings;
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

/** One's own e-mail: alert e-mail per project one can see, and workflow e-mail; all on until turned off. */
export function NotificationPreferencesForm({ settings, action }: NotificationPreferencesFormProps) {
  return (
    <ActionForm action={action} aria-label="E-mail notifications" className="space-y-4">
      <fieldset>
        <legend className="text-sm font-semibold">Alert e-mail</legend>
        <p className="text-xs text-muted-foreground">What a project&apos;s alert rules e-mail you. Rules that post to a channel are not affected.</p>
        {settings.projects.length === 0 ? <p className="mt-2 text-sm text-muted-foreground">You see no projects yet.</p> : null}
        <ul className="mt-2 space-y-1.5">
          {settings.projects.map((project) => (
            <li key={project.id} className="flex items-center gap-2">
              <input type="hidden" name="projectId" value={project.id} />
              <input id={`alert-email-${project.id}`} name={`alertEmail-${project.id}`} type="checkbox" defaultChecked={project.alertEmail} className="h-4 w-4 accent-[var(--primary)]" />
              <label htmlFor={`alert-email-${project.id}`} className="min-w-0 text-sm wrap-break-word">
                Alert e-mail for <IdentifierText value={project.name} />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex items-start gap-2">
        <input id="workflow-email" name="workflowEmail" type="checkbox" defaultChecked={settings.workflowEmail} className="mt-0.5 h-4 w-4 accent-[var(--primary)]" />
        <label htmlFor="workflow-email" className="text-sm">
          Workflow e-mail (assigned to me, comments on and regressions of my issues)
        </label>
      </div>
      <Button type="submit" variant="secondary">
        Save notifications
      </Button>
    </ActionForm>
  );
}
