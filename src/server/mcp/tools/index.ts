import type { McpTool } from "../mcp-tool";
import { addIssueNote, getIssueActivity, getIssueDetails, getIssueTagValues, getIssueUserReports, searchIssueEvents, searchIssues, updateIssue } from "./issue-tools";
import { explainGroupingTool, findByDigest, getFrameDiagnosis, getIssueHintsTool, getSentryResource } from "./lantern-tools";
import { findMonitors, findUptimeMonitors, getMonitorDetails, getUptimeMonitorDetails } from "./monitor-tools";
import { searchEvents } from "./event-tools";
import { findDsns, findOrganizations, findProjects, findTeams, whoami } from "./organization-tools";
import { findReleases, getReleaseDetails } from "./release-tools";
import { getReplayDetails } from "./replay-tools";
import { getTraceDetails } from "./trace-tools";

/** Every tool of Lantern's MCP server: Sentry's names first, then Lantern's own. */
export const mcpTools: readonly McpTool[] = [
  whoami,
  findOrganizations,
  findProjects,
  findTeams,
  findDsns,
  searchIssues,
  getIssueDetails,
  searchIssueEvents,
  getIssueTagValues,
  getIssueActivity,
  addIssueNote,
  updateIssue,
  getIssueUserReports,
  searchEvents,
  findReleases,
  getReleaseDetails,
  getTraceDetails,
  getReplayDetails,
  findMonitors,
  getMonitorDetails,
  findUptimeMonitors,
  getUptimeMonitorDetails,
  getSentryResource,
  getIssueHintsTool,
  explainGroupingTool,
  findByDigest,
  getFrameDiagnosis,
];
