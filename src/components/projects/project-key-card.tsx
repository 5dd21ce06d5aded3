import { ActionForm } from "@/components/issues/action-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { formatTimestamp } from "@/lib/format-time";
import type { ActionState } from "@/lib/action-state";
import type { RateLimitState } from "@/app/(dashboard)/projects/[projectSlug]/keys/actions";
import { KeyRateLimitForm } from "./key-rate-limit-form";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

export interface ProjectKeyActions {
  /** Disable, enable or rotate, by the submit button's `intent`. */
  change: Action;
  setRateLimit: (state: RateLimitState, formData: FormData) => Promise<RateLimitState>;
}

/** What the card shows of a client key (a project_keys row fits as it is). */
interface ShownProjectKey {
  id: number;
  project_id: number;
  label: string;
  /** 1: ingest accepts it. */
  is_active: number;
  created_at: number;
  rate_limit_count: number | null;
  rate_limit_window_seconds: number | null;
}

interface ProjectKeyCardProps {
  projectKey: ShownProjectKey;
  dsn: string;
  actions: ProjectKeyActions;
  /** Lantern's own project: its keys cannot be disabled or rotated while the instance uses them. */
  isInternalProject: boolean;
}

/** One client key: its DSN to copy, whether ingest accepts it, its rate limit, and what can be done to it. */
export function ProjectKeyCard({ projectKey, dsn, actions, isInternalProject }: ProjectKeyCardProps) {
  const isActive = projectKey.is_active === 1;
  const headingId = `key-${projectKey.id}-label`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          {projectKey.label}
        </h2>
        <Badge className={isActive ? "border-primary/40 text-primary" : "text-muted-foreground"}>{isActive ? "Active" : "Disabled"}</Badge>
        <span className="text-xs text-muted-foreground">created {formatTimestamp(projectKey.created_at)}</span>
      </div>
      <div className="mt-3">
        <CodeBlock code={dsn} label={`DSN of ${projectKey.label}`} />
      </div>
      {isActive ? null : <p className="mt-2 text-sm text-muted-foreground">Lantern refuses envelopes sent with this DSN.</p>}
      <div className="mt-4 border-t border-border pt-4">
        <h3 className="mb-2 text-sm font-semibold">Rate limit</h3>
        <KeyRateLimitForm
          action={actions.setRateLimit}
          projectId={projectKey.project_id}
          keyId={projectKey.id}
          keyLabel={projectKey.label}
          initial={{ count: projectKey.rate_limit_count === null ? "" : String(projectKey.rate_limit_count), windowSeconds: projectKey.rate_limit_window_seconds === null ? "" : String(projectKey.rate_limit_window_seconds) }}
        />
      </div>
      {isInternalProject ? (
        <p className="mt-4 border-t border-border pt-4 text-sm text-muted-foreground">Lantern reports its own errors with this project&apos;s key while it runs, so it cannot be disabled or rotated here.</p>
      ) : (
        <ActionForm action={actions.change} aria-label={`Status of ${projectKey.label}`} className="mt-4 flex flex-wrap items-center gap-3 border-t border-border pt-4">
          <input type="hidden" name="projectId" value={projectKey.project_id} />
          <input type="hidden" name="keyId" value={projectKey.id} />
          {isActive ? (
            <>
              <Button type="submit" name="intent" value="disable" variant="secondary" size="sm">
                Disable
              </Button>
              <Button type="submit" name="intent" value="rotate" variant="secondary" size="sm" aria-describedby={`key-${projectKey.id}-rotate-help`}>
                Rotate
              </Button>
              <span id={`key-${projectKey.id}-rotate-help`} className="text-xs text-muted-foreground">
                Rotate: a new key with this label and limit replaces this one, which is disabled.
              </span>
            </>
          ) : (
            <Button type="submit" name="intent" value="enable" size="sm">
              Enable
            </Button>
          )}
        </ActionForm>
      )}
    </section>
  );
}
