import type { Metadata } from "next";
import Link from "next/link";
import { AlertRuleList } from "@/components/alerts/alert-rule-list";
import { EmailUnconfiguredNotice } from "@/components/alerts/email-unconfigured-notice";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { sendsEmail } from "@/lib/delivery-health";
import { getAppContext } from "@/server/app-context";
import { loadAlertRulesPage } from "@/server/pages/load-alerts-page";
import { copyAlertRuleAction, deleteAlertRuleAction, muteAlertRuleAction } from "./actions";
import { IdentifierText } from "@/components/ui/identifier-text";

interface AlertRulesPageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<{ deleted?: string | string[] }>;
}

export async function generateMetadata({ params }: AlertRulesPageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} alerts` };
}

const ruleActions = { mute: muteAlertRuleAction, copy: copyAlertRuleAction, delete: deleteAlertRuleAction };

/** Project → Alerts: the rules in words; owners and admins change them, members read them. */
export default async function AlertRulesPage({ params, searchParams }: AlertRulesPageProps) {
  const { projectSlug } = await params;
  const { deleted } = await searchParams;
  const { project, rows, canSendEmail, mayChange, now } = await loadAlertRulesPage(await getAppContext(), projectSlug);
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
        {mayChange ? null : <p className="text-sm text-muted-foreground">Owners and admins change alert rules; you can read them.</p>}
        {emailingRules.length > 0 ? <EmailUnconfiguredNotice ruleNames={emailingRules} /> : null}
        {rows.length === 0 ? (
          <EmptyState title="No alert rules" action={newRule}>
            <p>Nobody hears about this project&apos;s errors until someone opens Lantern. A rule e-mails people or posts to a channel when an issue is new, regresses or spikes.</p>
          </EmptyState>
        ) : (
          <AlertRuleList projectSlug={project.slug} rows={rows} actions={mayChange ? ruleActions : undefined} now={now} />
        )}
      </div>
    </>
  );
}
