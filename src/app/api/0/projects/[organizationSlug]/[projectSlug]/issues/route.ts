import { deleteIssuesRoute, listIssuesRoute, updateIssuesRoute } from "@/server/api/routes/issue-list-routes";

/** /api/0/projects/{org}/{project}/issues/?query=…&statsPeriod=…&cursor=… — list, bulk update (?id=…), bulk delete. */
export const GET = listIssuesRoute;
export const PUT = updateIssuesRoute;
export const DELETE = deleteIssuesRoute;
