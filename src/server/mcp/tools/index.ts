import type { McpTool } from "../mcp-tool";
import { addIssueNote, getIssueActivity, getIssueTagValues, getIssueUserReports, searchIssueEvents, searchIssues, updateIssue } from "./issue-tools";
import { explainGroupingTool, findByDigest, getFrameDiagnosis, getIssueHintsTool } from "./lantern-tools";
import { findMonitors, findUptimeMonitors, getMonitorDetails } from "./monitor-tools";
import { findDsns, findOrganizations, findProjects, whoami } from "./organization-tools";
import { findReleases, getReleaseDetails } from "./release-tools";
import { getTraceDetails } from "./trace-tools";

/** Every tool of Lantern's MCP server: Sentry's names first, then Lantern's own. */
export const mcpTools: readonly McpTool[] = [
  whoami,
  findOrganizations,
  findProjects,
  findDsns,
  searchIssues,
  searchIssueEvents,
  getIssueTagValues,
  getIssueActivity,
  addIssueNote,
  updateIssue,
  getIssueUserReports,
  findReleases,
  getReleaseDetails,
  getTraceDetails,
  findMonitors,
  getMonitorDetails,
  findUptimeMonitors,
  getIssueHintsTool,
  explainGroupingTool,
  findByDigest,
  getFrameDiagnosis,
];
