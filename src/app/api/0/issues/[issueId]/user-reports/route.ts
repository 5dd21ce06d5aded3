import { issueUserReportsRoute } from "@/server/api/routes/feedback-routes";

/** GET /api/0/issues/{issue_id}/user-reports/ */
export const GET = issueUserReportsRoute;
