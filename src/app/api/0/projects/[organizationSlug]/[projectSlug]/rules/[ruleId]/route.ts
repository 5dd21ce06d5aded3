import { alertRuleRoute, deleteAlertRuleRoute, updateAlertRuleRoute } from "@/server/api/routes/alert-routes";

/** /api/0/projects/{org}/{project}/rules/{rule_id}/ — read, replace and delete an issue-alert rule. */
export const GET = alertRuleRoute;
export const PUT = updateAlertRuleRoute;
export const DELETE = deleteAlertRuleRoute;
