import { notFound, redirect } from "next/navigation";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { getIssueDetails } from "@/server/issues/get-issue-details";

interface LegacyIssuePageProps {
  params: Promise<{ issueId: string }>;
}

/** `/issues/{id}`, the issue page's first address: now a redirect to `/projects/{slug}/issues/{id}`. */
export default async function LegacyIssuePage({ params }: LegacyIssuePageProps) {
  const { issueId } = await params;
  const context = await getAppContext();
  if (!/^[1-9]\d{0,14}$/.test(issueId)) notFound();
  const { issue, project } = await getIssueDetails(context, Number(issueId)).catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  });
  redirect(`/projects/${project.slug}/issues/${issue.id}`);
}
