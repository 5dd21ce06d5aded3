import type { Metadata } from "next";
import Link from "next/link";
import { DeleteProjectForm } from "@/components/projects/delete-project-form";
import { ProjectNav } from "@/components/projects/project-nav";
import { ProjectSettingsForm } from "@/components/projects/project-settings-form";
import { RenameProjectForm } from "@/components/projects/rename-project-form";
import { ScrubbingSettingsForm } from "@/components/projects/scrubbing-settings-form";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { getAppContext } from "@/server/app-context";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { deleteProjectAction, renameProjectAction, saveProjectSettingsAction, saveScrubbingSettingsAction } from "./actions";
import { IdentifierText } from "@/components/ui/identifier-text";

interface ProjectSettingsPageProps {
  params: Promise<{ projectSlug: string }>;
}

export async function generateMetadata({ params }: ProjectSettingsPageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} settings` };
}

export default async function ProjectSettingsPage({ params }: ProjectSettingsPageProps) {
  const { projectSlug } = await params;
  const context = await getAppContext();
  const { config } = context;
  const { project } = await loadProjectPage(context, projectSlug, "project.update_settings");
  return (
    <>
      <PageHeader
        title={`${project.name} settings`}
        description={
          <>
            Grouping rules and retention of{" "}
            <Link href={`/projects/${project.slug}`} prefetch={false} className="hover:underline">
              <IdentifierText value={project.name} />
            </Link>
            . Saved rules apply to the events digested next; existing issues keep their events. DSNs and rate limits are under{" "}
            <Link href={`/projects/${project.slug}/keys`} prefetch={false} className="hover:underline">
              client keys
            </Link>
            .
          </>
        }
      />
      <ProjectNav slug={project.slug} current="settings" />
      <Card aria-labelledby="name-and-platform" className="mb-6 max-w-3xl">
        <CardTitle id="name-and-platform" className="mb-4">
          Name and platform
        </CardTitle>
        <RenameProjectForm action={renameProjectAction.bind(null, project.id)} initial={{ name: project.name, platform: project.platform }} slug={project.slug} />
      </Card>
      <Card className="max-w-3xl">
        <ProjectSettingsForm
          action={saveProjectSettingsAction.bind(null, project.id)}
          initial={{
            fingerprintRules: project.fingerprint_rules,
            stacktraceRules: project.stacktrace_rules,
            retentionDays: project.retention_days === null ? "" : String(project.retention_days),
            maxEventsPerIssue: project.max_events_per_issue === null ? "" : String(project.max_events_per_issue),
            slowDbQueryMs: project.slow_db_query_ms === null ? "" : String(project.slow_db_query_ms),
          }}
          defaults={{ retentionDays: config.retention.days, maxEventsPerIssue: config.retention.maxEventsPerIssue }}
        />
      </Card>
      <Card className="mt-6 max-w-3xl">
        <CardTitle>Data scrubbing</CardTitle>
        <CardDescription>Applied to every event before it is stored; events already stored keep what was filtered then.</CardDescription>
        <div className="mt-4">
          <ScrubbingSettingsForm
            action={saveScrubbingSettingsAction.bind(null, project.id)}
            initial={{
              isEnabled: project.scrub_data === 1,
              extraKeys: project.scrub_extra_keys,
              safeFields: project.scrub_safe_fields,
              scrubIpAddresses: project.scrub_ip_addresses === 1,
              scrubEmails: project.scrub_emails === 1,
            }}
          />
        </div>
      </Card>
      {project.is_internal ? null : (
        <Card className="mt-6 max-w-3xl border-danger/40">
          <CardTitle>Delete project</CardTitle>
          <CardDescription>Deletes the project, its client keys (its DSNs stop working), issues, events and attachments, for good.</CardDescription>
          <DeleteProjectForm slug={project.slug} action={deleteProjectAction.bind(null, project.id)} />
        </Card>
      )}
    </>
  );
}
