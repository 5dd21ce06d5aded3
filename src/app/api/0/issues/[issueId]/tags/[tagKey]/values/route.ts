import { issueTagValuesRoute } from "@/server/api/routes/issue-detail-routes";

/** GET …/issues/{id}/tags/{key}/values/ */
export const GET = issueTagValuesRoute;
