import Link from "next/link";
import { ActionForm } from "@/components/issues/action-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { Select } from "@/components/ui/input";
import { muteChoices, muteState } from "@/lib/alert-mute";
import type { ActionState } from "@/lib/action-state";
import type { TargetHealth } from "@/lib/delivery-health";
import { formatTimestamp } from "@/lib/format-time";
import type { AlertRuleView, RuleSummary } from "@/lib/views/alerts";
import { FailingDeliveriesNotice } from "./failing-deliveries";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

export interface AlertRuleActions {
  mute: Action;
  copy: Action;
  delete: Action;
}

/** "Muted until 2026-11-27 10:00:00 UTC", "Muted until unmuted", or nothing. */
export function MuteBadge({ mutedUntil, now }: { mutedUntil: number | null; now: number }) {
  const state = muteState(mutedUntil, now);
  if (!state.isMuted) return null;
  return <Badge className="text-muted-foreground">{state.isForever ? "Muted until unmuted" : `Muted until ${formatTimestamp(state.until)}`}</Badge>;
}

/** The rule's When / If / Then in words, its action interval, and when it last ran. */
export function RuleFacts({ summary, rule }: { summary: RuleSummary; rule: AlertRuleView }) {
  const rows: [string, string][] = [
    ["When", summary.when],
    ["If", summary.if || "every issue"],
    ["Then", summary.then],
    ["Interval", summary.interval],
    ["Last fired", rule.lastFiredAt === null ? "never" : formatTimestamp(rule.lastFiredAt)],
  ];
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[6rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Mute (with how long) or Unmute, Copy, and Delete behind a confirmation dialog: owners and admins only. */
export function AlertRuleControls({ projectSlug, rule, actions, now }: { projectSlug: string; rule: AlertRuleView; actions: AlertRuleActions; now: number }) {
  const isMuted = muteState(rule.mutedUntil, now).isMuted;
  const selectId = `rule-${rule.id}-mute-for`;
  return (
    <div className="mt-4 flex flex-wrap items-start gap-3 border-t border-border pt-4">
      <ActionForm action={actions.mute} aria-label={`Mute ${rule.name}`} className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="projectSlug" value={projectSlug} />
        <input type="hidden" name="ruleId" value={rule.id} />
        {isMuted ? (
          <Button type="submit" name="for" value="unmute" variant="secondary" size="sm">
            Unmute
          </Button>
        ) : (
          <>
            <label htmlFor={selectId} className="sr-only">
              Mute {rule.name} for how long
            </label>
            <Select id={selectId} name="for" defaultValue="1h" className="h-8 w-40">
              {muteChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
            <Button type="submit" variant="secondary" size="sm">
              Mute
            </Button>
          </>
        )}
      </ActionForm>
      <ActionForm action={actions.copy} aria-label={`Copy ${rule.name}`} className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="projectSlug" value={projectSlug} />
        <input type="hidden" name="ruleId" value={rule.id} />
        <Button type="submit" variant="secondary" size="sm">
          Copy
        </Button>
      </ActionForm>
      <ConfirmAction
        trigger="Delete…"
        title={`Delete ${rule.name}?`}
        description="It stops firing at once; messages it already queued are still sent."
        action={actions.delete}
        formLabel={`Delete ${rule.name}`}
        fields={{ projectSlug, ruleId: rule.id }}
        submitLabel={`Delete ${rule.name}`}
      />
    </div>
  );
}

interface AlertRuleListProps {
  projectSlug: string;
  /** `failing`: the rule's e-mail and channels that are failing now. */
  rows: { rule: AlertRuleView; summary: RuleSummary; failing: TargetHealth[] }[];
  /** Absent for members: they read the rules without controls. */
  actions?: AlertRuleActions;
  now: number;
}

/** A project's alert rules, each in words with whatever of it is failing to deliver, and its controls for those who may change it. */
export function AlertRuleList({ projectSlug, rows, actions, now }: AlertRuleListProps) {
  return (
    <ul aria-label="Alert rules" className="space-y-4">
      {rows.map(({ rule, summary, failing }) => {
        const headingId = `rule-${rule.id}-name`;
        return (
          <li key={rule.id}>
            <section aria-labelledby={headingId} className="rounded-lg border border-border bg-card p-5 shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                <h2 id={headingId} className="text-base font-semibold">
                  <Link href={`/projects/${encodeURIComponent(projectSlug)}/alerts/${rule.id}`} prefetch={false} className="text-primary hover:underline">
                    {rule.name}
                  </Link>
                </h2>
                <MuteBadge mutedUntil={rule.mutedUntil} now={now} />
                {actions ? (
                  <Link href={`/projects/${encodeURIComponent(projectSlug)}/alerts/${rule.id}?edit=1#edit-rule`} prefetch={false} className="ml-auto text-sm text-primary hover:underline" aria-label={`Edit ${rule.name}`}>
                    Edit
                  </Link>
                ) : null}
              </div>
              <RuleFacts summary={summary} rule={rule} />
              <FailingDeliveriesNotice failing={failing} label={`Failing deliveries of ${rule.name}`} />
              {actions ? <AlertRuleControls projectSlug={projectSlug} rule={rule} actions={actions} now={now} /> : null}
            </section>
          </li>
        );
      })}
    </ul>
  );
}
