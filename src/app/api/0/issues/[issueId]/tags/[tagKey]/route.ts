import { issueTagRoute } from "@/server/api/routes/issue-detail-routes";

/** GET …/issues/{id}/tags/{key}/: the key's totals and top values. */
export const GET = issueTagRoute;
