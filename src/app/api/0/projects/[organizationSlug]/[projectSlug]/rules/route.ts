import { createAlertRuleRoute, listAlertRulesRoute } from "@/server/api/routes/alert-routes";

/** /api/0/projects/{org}/{project}/rules/ — list and create issue-alert rules (Sentry's shape). */
export const GET = listAlertRulesRoute;
export const POST = createAlertRuleRoute;
