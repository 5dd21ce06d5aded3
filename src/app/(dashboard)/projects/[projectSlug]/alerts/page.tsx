import type { Metadata } from "next";
import Link from "next/link";
import { AlertRuleList } from "@/components/alerts/alert-rule-list";
import { LogAlertRuleList } from "@/components/alerts/log-alert-rule-list";
import { EmailUnconfiguredNotice } from "@/components/alerts/email-unconfigured-notice";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { sendsEmail } from "@/lib/delivery-health";
import { getAppContext } from "@/server/app-context";
import { loadAlertRulesPage } from "@/server/pages/load-alerts-page";
import { loadLogAlertRules } from "@/server/pages/load-log-alerts-page";
import { deleteLogAlertRuleAction, muteLogAlertRuleAction } from "./logs/actions";
import { copyAlertRuleAction, deleteAlertRuleAction, muteAlertRuleAction } from "./actions";
import { IdentifierText } from "@/components/ui/identifier-text";

interface AlertRulesPageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<{ deleted?: string | string[]; logRuleCreated?: string | string[] }>;
}

export async function generateMetadata({ params }: AlertRulesPageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} alerts` };
}

const ruleActions = { mute: muteAlertRuleAction, copy: copyAlertRuleAction, delete: deleteAlertRuleAction };
const logRuleActions = { mute: muteLogAlertRuleAction, delete: deleteLogAlertRuleAction };

/** Project → Alerts: the rules in words; owners and admins change them, members read them. */
export default async function AlertRulesPage({ params, searchParams }: AlertRulesPageProps) {
  const { projectSlug } = await params;
  const { deleted, logRuleCreated } = await searchParams;
  const context = await getAppContext();
  const { project, rows, canSendEmail, mayChange, now } = await loadAlertRulesPage(context, projectSlug);
  const { rules: logRules, channelNames } = await loadLogAlertRules(context, projectSlug);
  const newLogRule = mayChange ? (
    <Button asChild variant="secondary">
      <Link href={`/projects/${encodeURIComponent(project.slug)}/alerts/logs/new`} prefetch={false}>
        New log alert
      </Link>
    </Button>
  ) : null;
  const emailingRules = canSendEmail ? [] : rows.filter(({ rule }) => sendsEmail(rule.actions)).map(({ rule }) => rule.name);
  const newRule = mayChange ? (
    <Button asChild>
      <Link href={`/projects/${encodeURIComponent(project.slug)}/alerts/new`} prefetch={false}>
        New rule
      </Link>
    </Button>
  ) : null;
  return (
    <>
      <PageHeader title="Alerts" description={<><IdentifierText value={project.name} />: who hears about a new or returning problem, and how often.</>} actions={newRule} />
      <ProjectNav slug={project.slug} current="alerts" />
      <div className="max-w-4xl space-y-6">
        {deleted === "1" ? (
          <p role="status" className="text-sm text-muted-foreground">
            Rule deleted.
          </p>
        ) : null}
        {typeof logRuleCreated === "string" ? (
          <p role="status" className="text-sm text-muted-foreground">
            Log alert created.
          </p>
        ) : null}
        {mayChange ? null : <p className="text-sm text-muted-foreground">Owners and admins change alert rules; you can read them.</p>}
        {emailingRules.length > 0 ? <EmailUnconfiguredNotice ruleNames={emailingRules} /> : null}
        {rows.length === 0 ? (
          <EmptyState title="No alert rules" action={newRule}>
            <p>Nobody hears about this project&apos;s errors until someone opens Lantern. A rule e-mails people or posts to a channel when an issue is new, regresses or spikes.</p>
          </EmptyState>
        ) : (
          <AlertRuleList projectSlug={project.slug} rows={rows} actions={mayChange ? ruleActions : undefined} now={now} />
        )}
        <section aria-labelledby="log-alerts-heading" className="space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="log-alerts-heading" className="text-lg font-semibold">
              Log alerts
            </h2>
            <div className="ml-auto">{newLogRule}</div>
          </div>
          {logRules.length === 0 ? (
            <p className="text-sm text-muted-foreground">No log alert rules: one posts to a channel when more than N log lines match a query in an interval.</p>
          ) : (
            <LogAlertRuleList projectSlug={project.slug} rules={logRules} actions={mayChange ? logRuleActions : undefined} channelNames={channelNames} now={now} />
          )}
        </section>
      </div>
    </>
  );
}
