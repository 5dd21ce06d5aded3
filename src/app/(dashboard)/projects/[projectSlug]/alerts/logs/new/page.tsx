import type { Metadata } from "next";
import Link from "next/link";
import { LogAlertRuleForm } from "@/components/alerts/log-alert-rule-form";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { IdentifierText } from "@/components/ui/identifier-text";
import { getAppContext } from "@/server/app-context";
import { loadLogAlertRulePage } from "@/server/pages/load-log-alerts-page";
import { saveLogAlertRuleAction } from "../actions";

interface NewLogAlertRulePageProps {
  params: Promise<{ projectSlug: string }>;
}

export async function generateMetadata({ params }: NewLogAlertRulePageProps): Promise<Metadata> {
  return { title: `New log alert · ${(await params).projectSlug}` };
}

/** A new log alert rule for the project (owners and admins; others get the 404 page). */
export default async function NewLogAlertRulePage({ params }: NewLogAlertRulePageProps) {
  const { projectSlug } = await params;
  const { project, channels } = await loadLogAlertRulePage(await getAppContext(), projectSlug, "new");
  return (
    <>
      <PageHeader
        title="New log alert"
        description={
          <>
            <IdentifierText value={project.name} />.{" "}
            <Link href={`/projects/${encodeURIComponent(project.slug)}/alerts`} prefetch={false} className="hover:underline">
              Back to the rules
            </Link>
          </>
        }
      />
      <ProjectNav slug={project.slug} current="alerts" />
      <Card className="max-w-4xl">
        <LogAlertRuleForm action={saveLogAlertRuleAction} projectSlug={project.slug} ruleId={null} values={{ name: "", query: "", threshold: "10", interval: "5m", channels: [] }} channels={channels} submitLabel="Create log alert" />
      </Card>
    </>
  );
}
