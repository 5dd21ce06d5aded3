import Link from "next/link";
import { ActionForm } from "@/components/issues/action-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { Select } from "@/components/ui/input";
import { muteChoices, muteState } from "@/lib/alert-mute";
import type { ActionState } from "@/lib/action-state";
import { formatTimestamp } from "@/lib/format-time";
import { describeLogAlert, logAlertIntervals, type LogAlertRuleView } from "@/lib/log-alert-intervals";
import { MuteBadge } from "./alert-rule-list";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

export interface LogAlertRuleActions {
  mute: Action;
  delete: Action;
}

interface LogAlertRuleListProps {
  projectSlug: string;
  rules: LogAlertRuleView[];
  /** Absent for members: they read the rules without controls. */
  actions?: LogAlertRuleActions;
  /** Channel slug → name, for the "Then" line. */
  channelNames: Map<string, string>;
  now: number;
}

/** A project's log alert rules in words — condition, channels, state and last count — with their controls for those who may change them. */
export function LogAlertRuleList({ projectSlug, rules, actions, channelNames, now }: LogAlertRuleListProps) {
  const base = `/projects/${encodeURIComponent(projectSlug)}/alerts/logs`;
  return (
    <ul aria-label="Log alert rules" className="space-y-4">
      {rules.map((rule) => {
        const headingId = `log-rule-${rule.id}-name`;
        const rows: [string, string][] = [
          ["When", describeLogAlert(rule)],
          ["Then", rule.channels.map((slug) => channelNames.get(slug) ?? `${slug} (deleted channel)`).join(", ")],
          ["Last count", rule.lastCount === null || rule.evaluatedAt === null ? "not counted yet" : `${rule.lastCount.toLocaleString("en-US")} in ${logAlertIntervals[rule.interval].label}, at ${formatTimestamp(rule.evaluatedAt)}`],
        ];
        return (
          <li key={rule.id}>
            <section aria-labelledby={headingId} className="rounded-lg border border-border bg-card p-5 shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                <h3 id={headingId} className="text-base font-semibold">
                  {rule.name}
                </h3>
                {rule.firingSince !== null ? <Badge className="text-danger">Firing since {formatTimestamp(rule.firingSince)}</Badge> : null}
                <MuteBadge mutedUntil={rule.mutedUntil} now={now} />
                {actions ? (
                  <Link href={`${base}/${rule.id}`} prefetch={false} className="ml-auto text-sm text-primary hover:underline" aria-label={`Edit ${rule.name}`}>
                    Edit
                  </Link>
                ) : null}
              </div>
              <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[6rem_1fr]">
                {rows.map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="break-words">{value}</dd>
                  </div>
                ))}
              </dl>
              {actions ? <LogAlertRuleControls projectSlug={projectSlug} rule={rule} actions={actions} now={now} /> : null}
            </section>
          </li>
        );
      })}
    </ul>
  );
}

function LogAlertRuleControls({ projectSlug, rule, actions, now }: { projectSlug: string; rule: LogAlertRuleView; actions: LogAlertRuleActions; now: number }) {
  const isMuted = muteState(rule.mutedUntil, now).isMuted;
  const selectId = `log-rule-${rule.id}-mute-for`;
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
      <ConfirmAction
        trigger="Delete…"
        title={`Delete ${rule.name}?`}
        description="It stops counting at once; messages it already queued are still sent."
        action={actions.delete}
        formLabel={`Delete ${rule.name}`}
        fields={{ projectSlug, ruleId: rule.id }}
        submitLabel={`Delete ${rule.name}`}
      />
    </div>
  );
}
