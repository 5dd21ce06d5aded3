import type { Metadata } from "next";
import { FeedbackListScreen } from "@/components/feedback/feedback-list-screen";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { IdentifierText } from "@/components/ui/identifier-text";
import { getAppContext } from "@/server/app-context";
import { feedbackPageState, loadFeedbackPage } from "@/server/pages/load-feedback-page";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { assignFeedbackAction, setFeedbackStatusAction } from "../../../feedback/actions";

interface ProjectFeedbackPageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: ProjectFeedbackPageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} feedback` };
}

/** `/projects/{slug}/feedback`: the user feedback of one project. */
export default async function ProjectFeedbackPage({ params, searchParams }: ProjectFeedbackPageProps) {
  const { projectSlug } = await params;
  const state = feedbackPageState(await searchParams);
  const context = await getAppContext();
  const { project } = await loadProjectPage(context, projectSlug);
  const { feedback, choices } = await loadFeedbackPage(context, state, project.slug);
  return (
    <>
      <PageHeader
        title="Feedback"
        description={
          <>
            <IdentifierText value={project.name} />: what people wrote in the feedback widget, captureFeedback and user reports.
          </>
        }
      />
      <ProjectNav slug={project.slug} current="feedback" />
      <FeedbackListScreen basePath={`/projects/${project.slug}/feedback`} state={state} feedback={feedback} showProject={false} choices={choices} setStatus={setFeedbackStatusAction} assign={assignFeedbackAction} />
    </>
  );
}
