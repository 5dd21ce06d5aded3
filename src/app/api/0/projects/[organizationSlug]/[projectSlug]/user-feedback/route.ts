import { projectUserFeedbackRoute, submitUserFeedbackRoute } from "@/server/api/routes/feedback-routes";

/** GET and POST /api/0/projects/{org}/{project}/user-feedback/ */
export const GET = projectUserFeedbackRoute;
export const POST = submitUserFeedbackRoute;
