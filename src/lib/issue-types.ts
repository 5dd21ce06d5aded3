import { issueCategories, type IssueCategory } from "./alert-rule-ids";

/** Issue types Lantern makes itself, named as Sentry names them (the API's `issueType`). */
export const cronIssueType = "monitor_check_in_failure";
export const uptimeIssueType = "uptime_domain_failure";
/** Performance issues' events and issues are of type "performance" (spans/performance-issue-events.ts). */
const performanceType = "performance";

/** Sentry's category of an issue of `type` (issues.type): cron and uptime failures are their own. */
export function issueCategoryOf(type: string): Extract<IssueCategory, "error" | "performance" | "cron" | "uptime"> {
  if (type === cronIssueType) return "cron";
  if (type === uptimeIssueType) return "uptime";
  if (type === performanceType) return "performance";
  return "error";
}

/** Sentry's GroupCategory number of an issue of `type`, as alert rules' category filter reads it. */
export function issueCategoryNumberOf(type: string): number {
  return issueCategories[issueCategoryOf(type)];
}
