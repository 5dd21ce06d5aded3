import { createIssueNoteRoute, issueNotesRoute } from "@/server/api/routes/issue-detail-routes";

/** GET|POST …/issues/{id}/notes/: the issue's comments as Sentry's notes. */
export const GET = issueNotesRoute;
export const POST = createIssueNoteRoute;
