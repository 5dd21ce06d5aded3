import type { Metadata } from "next";
import { FeedbackListScreen } from "@/components/feedback/feedback-list-screen";
import { PageHeader } from "@/components/shell/page-header";
import { getAppContext } from "@/server/app-context";
import { feedbackPageState, loadFeedbackPage } from "@/server/pages/load-feedback-page";
import { assignFeedbackAction, setFeedbackStatusAction } from "./actions";

export const metadata: Metadata = { title: "Feedback" };

/** `/feedback`: user feedback of every project the viewer sees. */
export default async function FeedbackPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const state = feedbackPageState(await searchParams);
  const context = await getAppContext();
  const { feedback, choices } = await loadFeedbackPage(context, state);
  return (
    <>
      <PageHeader title="Feedback" description="What people wrote in the feedback widget, captureFeedback and user reports, in every project you can see." />
      <FeedbackListScreen basePath="/feedback" state={state} feedback={feedback} showProject choices={choices} setStatus={setFeedbackStatusAction} assign={assignFeedbackAction} />
    </>
  );
}
