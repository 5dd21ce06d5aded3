import { issueActivitiesRoute } from "@/server/api/routes/issue-detail-routes";

/** GET …/issues/{id}/activities/: {activity: […]} */
export const GET = issueActivitiesRoute;
