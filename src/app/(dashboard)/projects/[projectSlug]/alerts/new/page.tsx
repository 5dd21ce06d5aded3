import type { Metadata } from "next";
import Link from "next/link";
import { AlertRuleForm } from "@/components/alerts/alert-rule-form";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { getAppContext } from "@/server/app-context";
import { loadAlertRulePage } from "@/server/pages/load-alerts-page";
import { ruleFormChoices } from "@/server/pages/rule-form-choices";
import { saveAlertRuleAction } from "../actions";
import { IdentifierText } from "@/components/ui/identifier-text";

interface NewAlertRulePageProps {
  params: Promise<{ projectSlug: string }>;
}

export async function generateMetadata({ params }: NewAlertRulePageProps): Promise<Metadata> {
  return { title: `New alert rule · ${(await params).projectSlug}` };
}

/** A new rule for the project (owners and admins; others get the 404 page). */
export default async function NewAlertRulePage({ params }: NewAlertRulePageProps) {
  const { projectSlug } = await params;
  const { project, form, targets, channels } = await loadAlertRulePage(await getAppContext(), projectSlug, "new");
  return (
    <>
      <PageHeader
        title="New alert rule"
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
        <AlertRuleForm action={saveAlertRuleAction} projectSlug={project.slug} ruleId={null} values={form.values} choices={ruleFormChoices(targets, channels)} submitLabel="Create rule" />
      </Card>
    </>
  );
}
