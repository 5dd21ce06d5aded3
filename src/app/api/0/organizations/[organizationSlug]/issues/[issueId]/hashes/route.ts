import { issueHashesRoute } from "@/server/api/routes/issue-routes";

/** GET /api/0/organizations/{org}/issues/{issue_id}/hashes/ */
export const GET = issueHashesRoute;
