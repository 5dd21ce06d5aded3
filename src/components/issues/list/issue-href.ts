/** Where a row of the issue list leads: the issue page under its project (/issues/{id} redirects there). */
export function issueHref(projectSlug: string, issueId: number): string {
  return `/projects/${encodeURIComponent(projectSlug)}/issues/${issueId}`;
}
