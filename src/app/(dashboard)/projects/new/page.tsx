import type { Metadata } from "next";
import { CreateProjectForm } from "@/components/projects/create-project-form";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { createProjectAction } from "./actions";

export const metadata: Metadata = { title: "Create project" };

export default function NewProjectPage() {
  return (
    <>
      <PageHeader title="Create a project" description="A project collects the errors of one application. You get its DSN right after." />
      <Card className="max-w-lg">
        <CreateProjectForm action={createProjectAction} />
      </Card>
    </>
  );
}
