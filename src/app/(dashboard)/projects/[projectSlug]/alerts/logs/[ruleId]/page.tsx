import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LogAlertRuleForm } from "@/components/alerts/log-alert-rule-form";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { IdentifierText } from "@/components/ui/identifier-text";
import { describeLogAlert } from "@/lib/log-alert-intervals";
import { getAppContext } from "@/server/app-context";
import { loadLogAlertRulePage } from "@/server/pages/load-log-alerts-page";
import { saveLogAlertRuleAction } from "../actions";

interface LogAlertRulePageProps {
  params: Promise<{ projectSlug: string; ruleId: string }>;
}

export async function generateMetadata({ params }: LogAlertRulePageProps): Promise<Metadata> {
  return { title: `Log alert · ${(await params).projectSlug}` };
}

/** A log alert rule: its form for owners and admins, the rule in words for members. */
export default async function LogAlertRulePage({ params }: LogAlertRulePageProps) {
  const { projectSlug, ruleId } = await params;
  if (!/^[1-9]\d{0,14}$/.test(ruleId)) notFound();
  const { project, rule, channels, mayChange } = await loadLogAlertRulePage(await getAppContext(), projectSlug, Number(ruleId));
  if (!rule) notFound();
  return (
    <>
      <PageHeader
        title={rule.name}
        description={
          <>
            <IdentifierText value={project.name} />: {describeLogAlert(rule)}.{" "}
            <Link href={`/projects/${encodeURIComponent(project.slug)}/alerts`} prefetch={false} className="hover:underline">
              Back to the rules
            </Link>
          </>
        }
      />
      <ProjectNav slug={project.slug} current="alerts" />
      {mayChange ? (
        <Card className="max-w-4xl">
          <LogAlertRuleForm action={saveLogAlertRuleAction} projectSlug={project.slug} ruleId={rule.id} values={{ name: rule.name, query: rule.query, threshold: String(rule.threshold), interval: rule.interval, channels: rule.channels }} channels={channels} submitLabel="Save log alert" />
        </Card>
      ) : (
        <p className="text-sm text-muted-foreground">Owners and admins change alert rules; you can read them.</p>
      )}
    </>
  );
}
