import { deleteIssuesRoute, listIssuesRoute, updateIssuesRoute } from "@/server/api/routes/issue-list-routes";

/** /api/0/organizations/{org}/issues/?query=…&project=<id> — list, bulk update, bulk delete. */
export const GET = listIssuesRoute;
export const PUT = updateIssuesRoute;
export const DELETE = deleteIssuesRoute;
