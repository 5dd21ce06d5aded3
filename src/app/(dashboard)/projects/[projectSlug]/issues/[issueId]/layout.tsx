import type { ReactNode } from "react";
import { loadIssue } from "@/server/pages/load-issue";

/** Resolves the issue before the pages below stream, so an unknown issue or a wrong project answers 404. */
export default async function IssueLayout({ params, children }: { params: Promise<{ projectSlug: string; issueId: string }>; children: ReactNode }) {
  const { projectSlug, issueId } = await params;
  await loadIssue(projectSlug, issueId);
  return children;
}
