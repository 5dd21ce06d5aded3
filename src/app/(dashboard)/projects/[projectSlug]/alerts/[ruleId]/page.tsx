import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AlertRuleForm } from "@/components/alerts/alert-rule-form";
import { AlertRuleControls, MuteBadge, RuleFacts } from "@/components/alerts/alert-rule-list";
import { DeliveryLog } from "@/components/alerts/delivery-log";
import { EmailUnconfiguredNotice } from "@/components/alerts/email-unconfigured-notice";
import { FailingDeliveriesNotice } from "@/components/alerts/failing-deliveries";
import { RuleEditor } from "@/components/alerts/rule-editor";
import { ActionForm } from "@/components/issues/action-form";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { sendsEmail } from "@/lib/delivery-health";
import { getAppContext } from "@/server/app-context";
import { loadAlertRulePage } from "@/server/pages/load-alerts-page";
import { ruleFormChoices } from "@/server/pages/rule-form-choices";
import { copyAlertRuleAction, deleteAlertRuleAction, muteAlertRuleAction, saveAlertRuleAction, sendRuleTestAction } from "../actions";
import { IdentifierText } from "@/components/ui/identifier-text";

interface AlertRulePageProps {
  params: Promise<{ projectSlug: string; ruleId: string }>;
  searchParams: Promise<{ created?: string | string[]; edit?: string | string[] }>;
}

export async function generateMetadata({ params }: AlertRulePageProps): Promise<Metadata> {
  const { projectSlug, ruleId } = await params;
  return { title: `Alert rule ${ruleId} · ${projectSlug}` };
}

const ruleActions = { mute: muteAlertRuleAction, copy: copyAlertRuleAction, delete: deleteAlertRuleAction };

/**
 * One rule: in words, with what of it fails to deliver; its form behind "Edit rule" (owners and admins; open
 * on arrival with ?edit=1); a test notification, and its delivery log.
 */
export default async function AlertRulePage({ params, searchParams }: AlertRulePageProps) {
  const { projectSlug, ruleId } = await params;
  if (!/^[1-9]\d{0,14}$/.test(ruleId)) notFound();
  const { created, edit } = await searchParams;
  const { project, rule, summary, form, targets, channels, deliveries, failing, emailSetup, mayChange, now } = await loadAlertRulePage(await getAppContext(), projectSlug, Number(ruleId));
  if (!rule || !summary) notFound();
  const rulesPath = `/projects/${encodeURIComponent(project.slug)}/alerts`;
  return (
    <>
      <PageHeader
        title={rule.name}
        description={
          <>
            Alert rule of <IdentifierText value={project.name} />.{" "}
            <Link href={rulesPath} prefetch={false} className="hover:underline">
              All rules
            </Link>
          </>
        }
      />
      <ProjectNav slug={project.slug} current="alerts" />
      <div className="max-w-4xl space-y-6">
        {created === "1" ? (
          <p role="status" className="text-sm text-muted-foreground">
            Rule created.
          </p>
        ) : null}
        <Card>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>In words</CardTitle>
            <MuteBadge mutedUntil={rule.mutedUntil} now={now} />
          </div>
          <RuleFacts summary={summary} rule={rule} />
          <FailingDeliveriesNotice failing={failing} label={`Failing deliveries of ${rule.name}`} />
          {!emailSetup.isConfigured && sendsEmail(rule.actions) ? (
            <div className="mt-3">
              <EmailUnconfiguredNotice ruleNames={[rule.name]} />
            </div>
          ) : null}
          {mayChange ? <AlertRuleControls projectSlug={project.slug} rule={rule} actions={ruleActions} now={now} /> : null}
          {mayChange ? (
            <div id="edit-rule" className="mt-4 border-t border-border pt-4">
              <RuleEditor ruleName={rule.name} isInitiallyOpen={edit === "1"}>
                {form.unshown.length > 0 ? (
                  <p className="text-sm text-danger">This rule also holds {form.unshown.join(", ")}, which the form cannot show: saving the form replaces them. The rules API keeps them.</p>
                ) : null}
                <AlertRuleForm action={saveAlertRuleAction} projectSlug={project.slug} ruleId={rule.id} values={form.values} choices={ruleFormChoices(targets, channels)} submitLabel="Save rule" />
              </RuleEditor>
            </div>
          ) : null}
        </Card>
        <Card>
          <CardTitle>Delivery log</CardTitle>
          <CardDescription>The newest 50 messages this rule sent or is sending, with each attempt. Failed sends are retried for up to a day.</CardDescription>
          {mayChange ? (
            <ActionForm action={sendRuleTestAction} aria-label={`Send a test notification for ${rule.name}`} className="mt-4 flex flex-wrap items-center gap-3">
              <input type="hidden" name="projectSlug" value={project.slug} />
              <input type="hidden" name="ruleId" value={rule.id} />
              <Button type="submit" variant="secondary" size="sm">
                Send test notification
              </Button>
              <span className="text-xs text-muted-foreground">A made-up issue, to every action of this rule.</span>
            </ActionForm>
          ) : null}
          <div className="mt-4">
            <DeliveryLog deliveries={deliveries} label={`Deliveries of ${rule.name}`} />
          </div>
        </Card>
      </div>
    </>
  );
}
