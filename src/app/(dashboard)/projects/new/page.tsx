import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CreateProjectForm } from "@/components/projects/create-project-form";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { describeEmailSetup } from "@/server/alerts/describe-email-setup";
import { getAppContext } from "@/server/app-context";
import { createProjectAction } from "./actions";

export const metadata: Metadata = { title: "Create project" };

export default async function NewProjectPage() {
  const { viewer, config } = await getAppContext();
  if (!viewer.permissions.has("admin")) notFound();
  return (
    <>
      <PageHeader title="Create a project" description="A project collects the errors of one application. You get its DSN right after." />
      <Card className="max-w-lg">
        <CreateProjectForm action={createProjectAction} canSendEmail={describeEmailSetup(config).isConfigured} />
      </Card>
    </>
  );
}
