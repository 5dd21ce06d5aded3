import { deleteIssueRoute, issueRoute, updateIssueRoute } from "@/server/api/routes/issue-routes";

/** /api/0/issues/{issue_id}/ */
export const GET = issueRoute;
export const PUT = updateIssueRoute;
export const DELETE = deleteIssueRoute;
