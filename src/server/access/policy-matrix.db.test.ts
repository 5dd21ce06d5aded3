import { renameProjectKey } from "../projects/keys/rename-project-key";
import { listApiTeams } from "../api/teams/list-api-teams";
import { listTeamsRoute } from "../api/routes/team-routes";
import { listReplays } from "../replays/list-replays";
import { listIssueReplays } from "../replays/list-issue-replays";
import { countReplaysForIssues } from "../replays/count-replays-for-issues";
import { getReplay } from "../replays/get-replay";
import { readReplaySegments } from "../replays/read-replay-segments";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { getApiContext } from "./get-api-context";
import { deleteIssueRoute, issueRoute, updateIssueRoute } from "../api/routes/issue-routes";
import { deleteIssuesRoute, listIssuesRoute, updateIssuesRoute } from "../api/routes/issue-list-routes";
import { issueEventRoute, issueEventsRoute, projectEventRoute } from "../api/routes/event-routes";
import { createKeyRoute, getKeyRoute, listKeysRoute, updateKeyRoute } from "../api/routes/key-routes";
import { listProjectsRoute, projectRoute } from "../api/routes/project-routes";
import {
  alertRuleRoute,
  createAlertRuleRoute,
  createNotificationChannelRoute,
  deleteAlertRuleRoute,
  deleteNotificationChannelRoute,
  listAlertRulesRoute,
  listNotificationChannelsRoute,
  notificationChannelRoute,
  updateAlertRuleRoute,
  updateNotificationChannelRoute,
} from "../api/routes/alert-routes";
import type { Role } from "../db/schema";
import { digestBatch } from "../digest/digest-batch";
import { findEventsByDigest } from "../events/find-events-by-digest";
import { findEventsByTrace } from "../events/find-events-by-trace";
import { getTrace } from "../traces/get-trace";
import { traceMetaRoute, traceRoute } from "../api/routes/trace-routes";
import { organizationEventsRoute } from "../api/routes/span-routes";
import { organizationSessionsRoute } from "../api/routes/session-routes";
import { parseSessionsRequest } from "../sessions/parse-sessions-request";
import { querySessions } from "../sessions/query-sessions";
import { getReleasePage } from "../releases/get-release-page";
import { parseSpanSearch } from "../spans/parse-span-search";
import { searchSpans } from "../spans/search-spans";
import { emptyLogSearch, parseLogQuery } from "../logs/parse-log-search";
import { searchLogs } from "../logs/search-logs";
import { getEventAttachment } from "../events/get-event-attachment";
import { assignFeedback } from "../feedback/assign-feedback";
import { getFeedbackScreenshot } from "../feedback/get-feedback-screenshot";
import { listFeedback } from "../feedback/list-feedback";
import { listIssueFeedback } from "../feedback/list-issue-feedback";
import { setFeedbackStatus } from "../feedback/set-feedback-status";
import { submitUserReport } from "../feedback/submit-user-report";
import { issueUserReportsRoute, projectUserFeedbackRoute, submitUserFeedbackRoute } from "../api/routes/feedback-routes";
import { createMonitorRoute, monitorCheckInsRoute, monitorRoute, monitorStatsRoute, updateMonitorRoute } from "../api/routes/monitor-routes";
import { createMonitor } from "../monitors/create-monitor";
import { deleteMonitor } from "../monitors/delete-monitor";
import { getMonitor } from "../monitors/get-monitor";
import { getMonitorStats } from "../monitors/get-monitor-stats";
import { listMonitorCheckIns } from "../monitors/list-monitor-check-ins";
import { listMonitorIssues } from "../monitors/list-monitor-issues";
import { listMonitors } from "../monitors/list-monitors";
import { updateMonitor } from "../monitors/update-monitor";
import { createUptimeRoute, deleteUptimeRoute, organizationUptimeRoute, updateUptimeRoute, uptimeChecksRoute, uptimeRoute } from "../api/routes/uptime-routes";
import { createUptimeMonitor } from "../uptime/create-uptime-monitor";
import { deleteUptimeMonitor } from "../uptime/delete-uptime-monitor";
import { getUptimeMonitor } from "../uptime/get-uptime-monitor";
import { getUptimeMonitorPage } from "../uptime/get-uptime-monitor-page";
import { listUptimeChecks } from "../uptime/list-uptime-checks";
import { listUptimeMonitors } from "../uptime/list-uptime-monitors";
import { getStatusPageSettings, updateStatusPageSettings } from "../uptime/status-page-settings";
import { updateUptimeMonitor } from "../uptime/update-uptime-monitor";
import { getIssueEvent } from "../events/get-issue-event";
import { listEventAttachments } from "../events/list-event-attachments";
import { listIssueEvents } from "../events/list-issue-events";
import { isAppError } from "../errors";
import { getReceivedEnvelope } from "../intake/get-received-envelope";
import { listReceivedEnvelopes } from "../intake/list-received-envelopes";
import { addIssueComment } from "../issues/add-issue-comment";
import { assignIssue } from "../issues/assign-issue";
import { setIssueBookmark } from "../issues/set-issue-bookmark";
import { setIssuePriority } from "../issues/set-issue-priority";
import { deleteIssues } from "../issues/delete-issues";
import { explainGrouping } from "../issues/explain-grouping";
import { getIssueDetails } from "../issues/get-issue-details";
import { getIssueBrief } from "../issues/get-issue-brief";
import { getIssueTagDistribution } from "../issues/get-issue-tag-distribution";
import { getIssueVolume } from "../issues/get-issue-volume";
import { ignoreIssue } from "../issues/ignore-issue";
import { listIssueComments } from "../issues/list-issue-comments";
import { mergeIssues } from "../issues/merge-issues";
import { resolveIssue } from "../issues/resolve-issue";
import { listApiProjectKeys } from "../api/keys/list-api-project-keys";
import { listLiveIssueChanges } from "../issues/search/list-live-issue-changes";
import { parseIssueQuery } from "../issues/search/parse-issue-query";
import { listProjectChoices } from "../issues/search/list-project-choices";
import { suggestSearchTerms } from "../issues/search/suggest-search-terms";
import { loadIssueList } from "../issues/search/load-issue-list";
import { unmergeHashes } from "../issues/unmerge-hashes";
import { unresolveIssue } from "../issues/unresolve-issue";
import { createProject } from "../projects/create-project";
import { deleteProject } from "../projects/delete-project";
import { insertProject } from "../projects/insert-project";
import { createProjectKey } from "../projects/keys/create-project-key";
import { rotateProjectKey } from "../projects/keys/rotate-project-key";
import { setProjectKeyActive } from "../projects/keys/set-project-key-active";
import { setProjectKeyRateLimit } from "../projects/keys/set-project-key-rate-limit";
import { listProjects } from "../projects/list-projects";
import { listProjectsWithStats } from "../projects/list-projects-with-stats";
import { renameProject } from "../projects/rename-project";
import { updateProjectSettings } from "../projects/update-project-settings";
import { updateScrubbingSettings } from "../projects/update-scrubbing-settings";
import { createApiToken } from "../tokens/api-tokens";
import { tokenIssuerOf } from "../tokens/org-auth-token";
import { createApiDeploy } from "../api/releases/create-api-deploy";
import { createApiRelease } from "../api/releases/create-api-release";
import { getApiRelease } from "../api/releases/get-api-release";
import { listApiDeploys } from "../api/releases/list-api-deploys";
import { listApiReleases } from "../api/releases/list-api-releases";
import { listProjectReleases } from "../releases/list-project-releases";
import { updateApiRelease } from "../api/releases/update-api-release";
import { createDeployRoute, createReleaseRoute, listDeploysRoute, listProjectReleasesRoute, releaseRoute, updateReleaseRoute } from "../api/routes/release-routes";
import { assembleArtifactBundleRoute, listProjectReleaseFilesRoute, uploadProjectReleaseFileRoute } from "../api/routes/upload-routes";
import { listApiReleaseFiles } from "../api/sourcemaps/list-api-release-files";
import { assembleArtifactBundle } from "../sourcemaps/assemble-artifact-bundle";
import { listAuditLog } from "../audit/list-audit-log";
import { readStorageReport } from "../storage/budget-storage-report";
import { addReleaseFile } from "../sourcemaps/add-release-file";
import { deleteArtifactBundle } from "../sourcemaps/delete-artifact-bundle";
import { listArtifactBundles } from "../sourcemaps/list-artifact-bundles";
import type { Auth } from "../auth/create-auth";
import { createPasswordResetLink } from "../auth/create-password-reset-link";
import { createInvite } from "../invites/create-invite";
import { revokeInvite } from "../invites/revoke-invite";
import { addTeamMember } from "../teams/add-team-member";
import { addTeamProject } from "../teams/add-team-project";
import { createTeam } from "../teams/create-team";
import { deleteTeam } from "../teams/delete-team";
import { removeTeamMember } from "../teams/remove-team-member";
import { removeTeamProject } from "../teams/remove-team-project";
import { changeUserRole } from "../users/change-user-role";
import { removeUser } from "../users/remove-user";
import { copyAlertRule } from "../alerts/copy-alert-rule";
import { createAlertRule } from "../alerts/create-alert-rule";
import { createNotificationChannel } from "../alerts/create-notification-channel";
import { deleteAlertRule } from "../alerts/delete-alert-rule";
import { deleteNotificationChannel } from "../alerts/delete-notification-channel";
import { getAlertRule } from "../alerts/get-alert-rule";
import { listAlertDeliveries } from "../alerts/list-alert-deliveries";
import { listAlertRules } from "../alerts/list-alert-rules";
import { listChannelDeliveryHealth, listRuleDeliveryHealth } from "../alerts/list-delivery-health";
import { listEmailingRules } from "../alerts/list-emailing-rules";
import { getNotificationChannel, listNotificationChannels } from "../alerts/list-notification-channels";
import { muteAlertRule } from "../alerts/mute-alert-rule";
import { createLogAlertRule } from "../alerts/create-log-alert-rule";
import { deleteLogAlertRule } from "../alerts/delete-log-alert-rule";
import { getLogAlertRule, listLogAlertRules } from "../alerts/list-log-alert-rules";
import { muteLogAlertRule } from "../alerts/mute-log-alert-rule";
import { updateLogAlertRule } from "../alerts/update-log-alert-rule";
import { actionIds, conditionIds } from "../alerts/rule-schema";
import { sendTestEmail } from "../alerts/send-test-email";
import { sendTestNotification } from "../alerts/send-test-notification";
import { updateAlertRule } from "../alerts/update-alert-rule";
import { updateNotificationChannel } from "../alerts/update-notification-channel";
import { deleteSavedSearch } from "../issues/saved-searches/delete-saved-search";
import { listSavedSearches } from "../issues/saved-searches/list-saved-searches";
import { saveSearch } from "../issues/saved-searches/save-search";
import { systemContext } from "./system-context";
import { authorizeProject, type AccessContext } from "./authorize";
import { policy, verbs, type Verb } from "./policy";
import { loadViewer, permissions as allPermissions, type Permission } from "./viewer";

/**
 * The access matrix, generated from the policy table: every verb × every kind of caller × every surface that
 * exposes it (the verb itself, as pages, server actions and the CLI call it; the /api/0/ route, through the
 * real route handler with a real Bearer token). The expected outcome is computed from the table and from
 * who the caller is — never written per case — so a verb whose code asks for another permission than its
 * row, a row changed without the code, or a verb without a row, fails here. The server-action surface (forged
 * ids through Next's real action endpoint) calls these same verbs; e2e/team-isolation.spec.ts drives it.
 */

type Actor = "owner" | "admin" | "member" | "otherTeamMember" | "readToken" | "writeToken" | "adminToken" | "memberWriteToken" | "uploadToken" | "anonymous";
type Outcome = "allowed" | "forbidden" | "not_found" | "unauthorized";

/** What each caller holds, written out here (not read from the code under test). */
const actors: Record<Actor, { user: "owner" | "admin" | "member" | "otherTeamMember" | null; scopes?: Permission[]; permissions: Permission[]; seesShop: boolean }> = {
  owner: { user: "owner", permissions: ["read", "write", "admin", "upload"], seesShop: true },
  admin: { user: "admin", permissions: ["read", "write", "admin", "upload"], seesShop: true },
  member: { user: "member", permissions: ["read", "write", "upload"], seesShop: true },
  otherTeamMember: { user: "otherTeamMember", permissions: ["read", "write", "upload"], seesShop: false },
  readToken: { user: "admin", scopes: ["read"], permissions: ["read"], seesShop: true },
  // A write or admin scope also uploads source maps and manages releases, as Sentry's project:write may.
  writeToken: { user: "admin", scopes: ["read", "write"], permissions: ["read", "write", "upload"], seesShop: true },
  adminToken: { user: "admin", scopes: ["read", "write", "admin"], permissions: ["read", "write", "admin", "upload"], seesShop: true },
  memberWriteToken: { user: "member", scopes: ["read", "write"], permissions: ["read", "write", "upload"], seesShop: true },
  // What CI holds for sentry-cli: uploads and releases, and nothing else (not even reading issues).
  uploadToken: { user: "member", scopes: ["upload"], permissions: ["upload"], seesShop: true },
  anonymous: { user: null, permissions: [], seesShop: false },
};
const actorNames = Object.keys(actors) as Actor[];

/** Verbs on no one project: visibility does not apply, only the permission. */
const instanceWide = new Set<Verb>([
  "project.list",
  "project.create",
  "event.find_by_digest",
  "event.find_by_trace",
  "trace.read",
  "span.search",
  "log.search",
  "team.list",
  "team.create",
  "team.delete",
  "team.add_member",
  "team.remove_member",
  "team.add_project",
  "team.remove_project",
  "member.change_role",
  "member.remove",
  "member.create_reset_link",
  "invite.create",
  "invite.revoke",
  "audit.read",
  "storage.read",
  "channel.list",
  "channel.write",
]);

/** Made fresh for each call of the account verbs (set up in beforeAll, where the database exists). */
const fixtures = {
  auth: undefined as unknown as Auth,
  newUser: async (): Promise<string> => "",
  newTeam: async (): Promise<number> => 0,
  newInvite: async (): Promise<number> => 0,
  joinTeam: async (teamId: number, row: { userId?: string; projectId?: number }): Promise<void> => void [teamId, row],
  count: 0,
};

/** The permission each verb needs, as docs/architecture.md states it for people: the table must match it. */
function documentedPolicy(): Map<string, string> {
  const text = readFileSync(new URL("../../../docs/architecture.md", import.meta.url), "utf8");
  const rows = [...text.matchAll(/^\s*\| `([a-z_.]+)` \| (read|write|admin|upload) \|/gm)];
  return new Map(rows.map((row) => [row[1]!, row[2]!]));
}

function expected(verb: Verb, actor: Actor): Outcome {
  const who = actors[actor];
  if (who.user === null) return "unauthorized";
  if (!instanceWide.has(verb) && !who.seesShop) return "not_found";
  return who.permissions.includes(policy[verb].permission) ? "allowed" : "forbidden";
}

interface Target {
  projectId: number;
  projectSlug: string;
  issueId: number;
  secondIssueId: number;
  eventId: string;
  hash: string;
  keyId: number;
  /** The key's public key: its id in Sentry's key API. */
  publicKey: string;
  intakeId: number;
  attachmentId: number;
  /** Widget feedback of this project, with a png screenshot. */
  feedbackId: number;
  screenshotId: number;
  /** A session replay of this project, with one rrweb segment. */
  replayId: string;
  /** A release of this project only. */
  release: string;
  /** An alert rule of this project that sends to `channelSlug`. */
  ruleId: number;
  /** A log alert rule of this project that sends to `channelSlug`. */
  logRuleId: number;
  channelSlug: string;
  /** A channel no rule uses (so it can be deleted). */
  spareChannelSlug: string;
  /** A cron monitor of this project. */
  monitorSlug: string;
  /** An uptime monitor of this project. */
  uptimeMonitorId: number;
}

/** A route handler as Next calls it; each one's own params type is narrower, hence the loose one here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteHandler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

interface ApiCall {
  route: RouteHandler;
  method: string;
  path: string;
  params: Record<string, string>;
  body?: unknown;
  /** A multipart body instead of JSON (uploads). */
  form?: () => FormData;
}

interface Driver {
  /** Changes something that cannot be repeated (delete, merge…): every call gets its own issues and project. */
  isDestructive?: boolean;
  call: (context: AccessContext, target: Target) => Promise<unknown>;
  api?: (target: Target) => ApiCall[];
}

const org = "lantern";

/** A rule in Sentry's issue-alert JSON that sends to a channel (no e-mail recipients to look up). */
const matrixLogRule = (channelSlug: string, name: string) => ({ name, query: "payment failed", threshold: 10, interval: "1m", channels: [channelSlug] });
const matrixRule = (channelSlug: string, name = "matrix rule") => ({
  name,
  actionMatch: "any",
  filterMatch: "all",
  frequency: 30,
  conditions: [{ id: conditionIds.firstSeen }],
  filters: [],
  actions: [{ id: actionIds.service, service: channelSlug }],
});
/** A public IP literal: the SSRF guard accepts it without a DNS lookup, and nothing is ever sent to it here. */
const matrixHookUrl = "https://93.184.215.14/matrix-hook";

function emptyQuery() {
  const parsed = parseIssueQuery("");
  if (!parsed.ok) throw new Error("the empty query must parse");
  return parsed.query;
}

/** One row per verb of the table; `satisfies` makes a verb without a driver a type error, and the first test checks it at run time. */
const drivers = {
  "project.list": {
    call: async (context) => [await listProjectsWithStats(context), await listProjects(context), await listProjectChoices(context)],
    api: (): ApiCall[] => [{ route: listProjectsRoute, method: "GET", path: "/api/0/projects/", params: {} }],
  },
  "project.read": { call: (context, t) => authorizeProject(context, "project.read", t.projectSlug), api: (t): ApiCall[] => [{ route: projectRoute, method: "GET", path: `/api/0/projects/${org}/${t.projectSlug}/`, params: { organizationSlug: org, projectSlug: t.projectSlug } }] },
  "project.create": { isDestructive: true, call: (context) => createProject(context, { name: "matrix made", platform: "node" }) },
  "project.update_settings": { call: (context, t) => updateProjectSettings(context, t.projectId, { fingerprintRules: "", stacktraceRules: "", retentionDays: "", maxEventsPerIssue: "" }) },
  "project.rename": { call: (context, t) => renameProject(context, t.projectId, { name: "matrix renamed", platform: "node" }) },
  "project.update_scrubbing": { call: (context, t) => updateScrubbingSettings(context, t.projectId, { isEnabled: true, extraKeys: "", safeFields: "", scrubIpAddresses: false, scrubEmails: false }) },
  "project.delete": { isDestructive: true, call: (context, t) => deleteProject(context, { projectId: t.projectId, confirmSlug: t.projectSlug }) },
  "key.list": {
    call: (context, t) => listApiProjectKeys(context, t.projectSlug, null),
    api: (t): ApiCall[] => [
      { route: listKeysRoute, method: "GET", path: `/api/0/projects/${org}/${t.projectSlug}/keys/`, params: { organizationSlug: org, projectSlug: t.projectSlug } },
      { route: getKeyRoute, method: "GET", path: `/api/0/projects/${org}/${t.projectSlug}/keys/${t.publicKey}/`, params: { organizationSlug: org, projectSlug: t.projectSlug, keyId: t.publicKey } },
    ],
  },
  "key.create": {
    call: (context, t) => createProjectKey(context, { projectId: t.projectId, label: "matrix" }),
    api: (t): ApiCall[] => [{ route: createKeyRoute, method: "POST", path: `/api/0/projects/${org}/${t.projectSlug}/keys/`, params: { organizationSlug: org, projectSlug: t.projectSlug }, body: { name: "matrix" } }],
  },
  "key.rotate": { isDestructive: true, call: (context, t) => rotateProjectKey(context, { projectId: t.projectId, keyId: t.keyId }) },
  "key.set_active": { call: (context, t) => setProjectKeyActive(context, { projectId: t.projectId, keyId: t.keyId, isActive: true }) },
  "key.rename": {
    call: (context, t) => renameProjectKey(context, { projectId: t.projectId, keyId: t.keyId, label: "Matrix key" }),
    api: (t): ApiCall[] => [{ route: updateKeyRoute, method: "PUT", path: `/api/0/projects/${org}/${t.projectSlug}/keys/${t.publicKey}/`, params: { organizationSlug: org, projectSlug: t.projectSlug, keyId: t.publicKey }, body: { name: `Matrix key ${++fixtures.count}` } }],
  },
  "key.set_rate_limit": {
    call: (context, t) => setProjectKeyRateLimit(context, { projectId: t.projectId, keyId: t.keyId, count: null, windowSeconds: null }),
    api: (t): ApiCall[] => [{ route: updateKeyRoute, method: "PUT", path: `/api/0/projects/${org}/${t.projectSlug}/keys/${t.publicKey}/`, params: { organizationSlug: org, projectSlug: t.projectSlug, keyId: t.publicKey }, body: { rateLimit: null } }],
  },
  "issue.list": {
    call: async (context, t) => [
      await loadIssueList(context, { projectId: t.projectId, query: "", sort: "last_seen" }),
      await listLiveIssueChanges(context, { projectId: t.projectId, query: emptyQuery(), since: 0 }),
      await suggestSearchTerms(context, { projectId: t.projectId, text: "browser.name:", cursor: 13 }),
    ],
    api: (t): ApiCall[] => [{ route: listIssuesRoute, method: "GET", path: `/api/0/projects/${org}/${t.projectSlug}/issues/`, params: { organizationSlug: org, projectSlug: t.projectSlug } }],
  },
  "issue.read": {
    call: async (context, t) => [
      await getIssueDetails(context, t.issueId),
      await getIssueVolume(context, t.issueId),
      await getIssueTagDistribution(context, t.issueId),
      await listIssueComments(context, t.issueId),
      await explainGrouping(context, t.projectId, { message: "x" }),
      await getIssueBrief(context, { issueId: t.issueId, variant: "identifiers" }),
    ],
    api: (t): ApiCall[] => [{ route: issueRoute, method: "GET", path: `/api/0/issues/${t.issueId}/`, params: { issueId: String(t.issueId) } }],
  },
  "issue.resolve": {
    call: (context, t) => resolveIssue(context, { issueId: t.issueId, kind: "now" }),
    api: (t): ApiCall[] => [
      { route: updateIssueRoute, method: "PUT", path: `/api/0/issues/${t.issueId}/`, params: { issueId: String(t.issueId) }, body: { status: "resolved" } },
      { route: updateIssuesRoute, method: "PUT", path: `/api/0/projects/${org}/${t.projectSlug}/issues/?id=${t.issueId}`, params: { organizationSlug: org, projectSlug: t.projectSlug }, body: { status: "resolved" } },
    ],
  },
  "issue.ignore": {
    call: (context, t) => ignoreIssue(context, { issueId: t.issueId, until: { kind: "forever" } }),
    api: (t): ApiCall[] => [{ route: updateIssueRoute, method: "PUT", path: `/api/0/issues/${t.issueId}/`, params: { issueId: String(t.issueId) }, body: { status: "ignored" } }],
  },
  "issue.unresolve": {
    call: (context, t) => unresolveIssue(context, { issueId: t.issueId }),
    api: (t): ApiCall[] => [{ route: updateIssueRoute, method: "PUT", path: `/api/0/issues/${t.issueId}/`, params: { issueId: String(t.issueId) }, body: { status: "unresolved" } }],
  },
  "issue.assign": {
    // Whoever may assign can see the project, so they can always take the issue themselves.
    call: (context, t) => assignIssue(context, { issueId: t.issueId, assignee: `user:${context.viewer.userId}` }),
    api: (t): ApiCall[] => [{ route: updateIssueRoute, method: "PUT", path: `/api/0/issues/${t.issueId}/`, params: { issueId: String(t.issueId) }, body: { assignedTo: "" } }],
  },
  "issue.set_priority": {
    call: (context, t) => setIssuePriority(context, { issueId: t.issueId, priority: "low" }),
    api: (t): ApiCall[] => [{ route: updateIssueRoute, method: "PUT", path: `/api/0/issues/${t.issueId}/`, params: { issueId: String(t.issueId) }, body: { priority: "medium" } }],
  },
  "issue.bookmark": {
    call: (context, t) => setIssueBookmark(context, { issueId: t.issueId, bookmarked: true }),
    api: (t): ApiCall[] => [{ route: updateIssueRoute, method: "PUT", path: `/api/0/issues/${t.issueId}/`, params: { issueId: String(t.issueId) }, body: { isBookmarked: false } }],
  },
  "issue.comment": { call: (context, t) => addIssueComment(context, { issueId: t.issueId, body: "matrix" }) },
  "issue.merge": {
    isDestructive: true,
    call: (context, t) => mergeIssues(context, { issueIds: [t.issueId, t.secondIssueId] }),
    api: (t): ApiCall[] => [{ route: updateIssuesRoute, method: "PUT", path: `/api/0/projects/${org}/${t.projectSlug}/issues/?id=${t.issueId}&id=${t.secondIssueId}`, params: { organizationSlug: org, projectSlug: t.projectSlug }, body: { merge: true } }],
  },
  "issue.unmerge": { isDestructive: true, call: (context, t) => unmergeHashes(context, { issueId: t.issueId, hashes: [t.hash] }) },
  "issue.delete": {
    isDestructive: true,
    call: (context, t) => deleteIssues(context, { issueIds: [t.issueId] }),
    api: (t): ApiCall[] => [
      { route: deleteIssueRoute, method: "DELETE", path: `/api/0/issues/${t.issueId}/`, params: { issueId: String(t.issueId) } },
      { route: deleteIssuesRoute, method: "DELETE", path: `/api/0/projects/${org}/${t.projectSlug}/issues/?id=${t.issueId}`, params: { organizationSlug: org, projectSlug: t.projectSlug } },
    ],
  },
  "event.read": {
    call: async (context, t) => [
      await getIssueEvent(context, { projectId: t.projectId, issueId: t.issueId, event: "latest" }),
      await listIssueEvents(context, { issueId: t.issueId }),
      await getIssueBrief(context, { issueId: t.issueId, variant: "full" }),
    ],
    api: (t): ApiCall[] => [
      { route: issueEventsRoute, method: "GET", path: `/api/0/issues/${t.issueId}/events/`, params: { issueId: String(t.issueId) } },
      { route: issueEventRoute, method: "GET", path: `/api/0/issues/${t.issueId}/events/latest/`, params: { issueId: String(t.issueId), eventId: "latest" } },
      { route: projectEventRoute, method: "GET", path: `/api/0/projects/${org}/${t.projectSlug}/events/${t.eventId}/`, params: { organizationSlug: org, projectSlug: t.projectSlug, eventId: t.eventId } },
    ],
  },
  "event.find_by_digest": { call: (context) => findEventsByDigest(context, { digest: "matrix-digest" }) },
  "event.find_by_trace": { call: (context) => findEventsByTrace(context, { traceId: "4bf92f3577b34da6a3ce929d0e0e4736" }) },
  "trace.read": {
    call: (context) => getTrace(context, { traceId: "4bf92f3577b34da6a3ce929d0e0e4736" }),
    api: (): ApiCall[] => [
      { route: traceRoute, method: "GET", path: `/api/0/organizations/${org}/trace/4bf92f3577b34da6a3ce929d0e0e4736/`, params: { organizationSlug: org, traceId: "4bf92f3577b34da6a3ce929d0e0e4736" } },
      { route: traceMetaRoute, method: "GET", path: `/api/0/organizations/${org}/trace-meta/4bf92f3577b34da6a3ce929d0e0e4736/`, params: { organizationSlug: org, traceId: "4bf92f3577b34da6a3ce929d0e0e4736" } },
    ],
  },
  "span.search": {
    call: (context) => searchSpans(context, parseSpanSearch(new URLSearchParams("dataset=spans&field=span.op&field=count()"))),
    api: (): ApiCall[] => [{ route: organizationEventsRoute, method: "GET", path: `/api/0/organizations/${org}/events/?dataset=spans&field=id&query=span.op:db`, params: { organizationSlug: org } }],
  },
  "log.search": {
    call: (context) => searchLogs(context, { ...emptyLogSearch(), conditions: parseLogQuery("severity:error checkout") }),
    api: (): ApiCall[] => [{ route: organizationEventsRoute, method: "GET", path: `/api/0/organizations/${org}/events/?dataset=logs&field=message&field=count()&query=severity:error`, params: { organizationSlug: org } }],
  },
  "attachment.read": {
    call: async (context, t) => [
      await listEventAttachments(context, { projectId: t.projectId, eventId: t.eventId }),
      await getEventAttachment(context, { projectId: t.projectId, issueId: t.issueId, eventId: t.eventId, attachmentId: t.attachmentId }),
      await getFeedbackScreenshot(context, { feedbackId: t.feedbackId, attachmentId: t.screenshotId }),
    ],
  },
  "feedback.list": {
    call: async (context, t) => [await listFeedback(context, { projectSlug: t.projectSlug }), await listIssueFeedback(context, t.issueId)],
    api: (t): ApiCall[] => [
      { route: projectUserFeedbackRoute, method: "GET", path: `/api/0/projects/${org}/${t.projectSlug}/user-feedback/`, params: { organizationSlug: org, projectSlug: t.projectSlug } },
      { route: issueUserReportsRoute, method: "GET", path: `/api/0/organizations/${org}/issues/${t.issueId}/user-reports/`, params: { organizationSlug: org, issueId: String(t.issueId) } },
    ],
  },
  "feedback.triage": {
    call: async (context, t) => [await setFeedbackStatus(context, { feedbackId: t.feedbackId, status: "resolved" }), await assignFeedback(context, { feedbackId: t.feedbackId, assignee: null })],
  },
  "feedback.submit": {
    call: (context, t) => submitUserReport(context, { projectSlug: t.projectSlug, report: { event_id: t.eventId, name: "Matrix", email: "matrix@lantern.test", comments: "It broke." } }),
    api: (t): ApiCall[] => [
      { route: submitUserFeedbackRoute, method: "POST", path: `/api/0/projects/${org}/${t.projectSlug}/user-feedback/`, params: { organizationSlug: org, projectSlug: t.projectSlug }, body: { event_id: t.eventId, name: "Matrix", email: "matrix@lantern.test", comments: "It broke." } },
    ],
  },
  "replay.list": {
    call: async (context, t) => [await listReplays(context, { projectSlugs: [t.projectSlug] }), await listIssueReplays(context, t.issueId), await countReplaysForIssues(context, [t.issueId])],
  },
  "replay.read": {
    call: async (context, t) => [await getReplay(context, t.replayId), await readReplaySegments(context, t.replayId)],
  },
  "monitor.list": {
    call: async (context, t) => {
      const ref = { projectSlug: t.projectSlug, monitor: t.monitorSlug };
      const now = Date.now();
      return [
        await listMonitors(context, { projectSlug: t.projectSlug }),
        await getMonitor(context, ref),
        await listMonitorCheckIns(context, ref),
        await getMonitorStats(context, { ...ref, since: now - 86_400_000, until: now, resolution: 3_600_000 }),
        await listMonitorIssues(context, ref),
      ];
    },
    api: (t): ApiCall[] => {
      const params = { organizationSlug: org, projectSlug: t.projectSlug, monitorSlug: t.monitorSlug };
      const base = `/api/0/projects/${org}/${t.projectSlug}/monitors/${t.monitorSlug}/`;
      return [
        { route: monitorRoute, method: "GET", path: base, params },
        { route: monitorRoute, method: "GET", path: `/api/0/organizations/${org}/monitors/${t.monitorSlug}/`, params: { organizationSlug: org, monitorSlug: t.monitorSlug } },
        { route: monitorCheckInsRoute, method: "GET", path: `${base}checkins/`, params },
        { route: monitorStatsRoute, method: "GET", path: `${base}stats/`, params },
      ];
    },
  },
  // DELETE's access is checked per caller in monitor-routes.db.test.ts (each allowed call needs a monitor of its own).
  "monitor.write": {
    call: async (context, t) => {
      const made = await createMonitor(context, { projectSlug: t.projectSlug, changes: { name: `matrix monitor ${randomUUID().slice(0, 8)}`, scheduleType: "crontab", crontab: "*/5 * * * *" } });
      await updateMonitor(context, { projectSlug: t.projectSlug, monitor: made.slug, changes: { crontab: "0 * * * *" } });
      return deleteMonitor(context, { projectSlug: t.projectSlug, monitor: made.slug });
    },
    api: (t): ApiCall[] => [
      { route: createMonitorRoute, method: "POST", path: `/api/0/organizations/${org}/monitors/`, params: { organizationSlug: org }, body: { project: t.projectSlug, name: `matrix api ${randomUUID().slice(0, 8)}`, config: { schedule_type: "interval", schedule: [5, "minute"] } } },
      {
        route: updateMonitorRoute,
        method: "PUT",
        path: `/api/0/projects/${org}/${t.projectSlug}/monitors/${t.monitorSlug}/`,
        params: { organizationSlug: org, projectSlug: t.projectSlug, monitorSlug: t.monitorSlug },
        body: { config: { checkin_margin: 5 } },
      },
    ],
  },
  "received.read": { call: async (context, t) => [await listReceivedEnvelopes(context, t.projectId), await getReceivedEnvelope(context, t.projectId, t.intakeId)] },
  "team.list": {
    call: (context) => listApiTeams(context, { organizationSlug: org }),
    api: (): ApiCall[] => [{ route: listTeamsRoute, method: "GET", path: `/api/0/organizations/${org}/teams/`, params: { organizationSlug: org } }],
  },
  "team.create": { call: (context) => createTeam(context, { name: `Matrix team ${++fixtures.count}` }) },
  "team.delete": { call: async (context) => deleteTeam(context, { teamId: await fixtures.newTeam() }) },
  "team.add_member": { call: async (context) => addTeamMember(context, { teamId: await fixtures.newTeam(), userId: await fixtures.newUser() }) },
  "team.remove_member": {
    call: async (context) => {
      const [teamId, userId] = [await fixtures.newTeam(), await fixtures.newUser()];
      await fixtures.joinTeam(teamId, { userId });
      return removeTeamMember(context, { teamId, userId });
    },
  },
  "team.add_project": { call: async (context, t) => addTeamProject(context, { teamId: await fixtures.newTeam(), projectId: t.projectId }) },
  "team.remove_project": {
    call: async (context, t) => {
      const teamId = await fixtures.newTeam();
      await fixtures.joinTeam(teamId, { projectId: t.projectId });
      return removeTeamProject(context, { teamId, projectId: t.projectId });
    },
  },
  "member.change_role": { call: async (context) => changeUserRole(context, { userId: await fixtures.newUser(), role: "admin" }) },
  "member.remove": { call: async (context) => removeUser(context, { userId: await fixtures.newUser() }) },
  "member.create_reset_link": { call: async (context) => createPasswordResetLink(context, fixtures.auth, { userId: await fixtures.newUser() }) },
  "invite.create": { call: (context) => createInvite(context, { email: `invitee-${++fixtures.count}@lantern.test`, role: "member", teamId: "" }) },
  "invite.revoke": { call: async (context) => revokeInvite(context, { inviteId: await fixtures.newInvite() }) },
  "audit.read": { call: (context) => listAuditLog(context) },
  "storage.read": { call: (context) => readStorageReport(context) },
  "release.list": {
    call: async (context, t) => [
      await listApiReleases(context, { projectSlug: t.projectSlug }),
      await getApiRelease(context, t.release),
      await listApiDeploys(context, t.release),
      await listProjectReleases(context, t.projectId),
      await getReleasePage(context, t.projectId, t.release),
      await querySessions(context, parseSessionsRequest(new URLSearchParams(`field=sum(session)&project=${t.projectId}`))),
    ],
    api: (t): ApiCall[] => [
      { route: listProjectReleasesRoute, method: "GET", path: `/api/0/projects/${org}/${t.projectSlug}/releases/`, params: { organizationSlug: org, projectSlug: t.projectSlug } },
      { route: releaseRoute, method: "GET", path: `/api/0/organizations/${org}/releases/${t.release}/`, params: { organizationSlug: org, version: t.release } },
      { route: listDeploysRoute, method: "GET", path: `/api/0/organizations/${org}/releases/${t.release}/deploys/`, params: { organizationSlug: org, version: t.release } },
      { route: organizationSessionsRoute, method: "GET", path: `/api/0/organizations/${org}/sessions/?field=sum(session)&project=${t.projectId}`, params: { organizationSlug: org } },
    ],
  },
  "release.write": {
    call: async (context, t) => [
      await createApiRelease(context, { version: `${t.release}-next`, projects: [t.projectSlug] }),
      await updateApiRelease(context, t.release, { dateReleased: new Date().toISOString(), refs: [] }),
      await createApiDeploy(context, t.release, { environment: "production" }),
    ],
    api: (t): ApiCall[] => [
      { route: createReleaseRoute, method: "POST", path: `/api/0/organizations/${org}/releases/`, params: { organizationSlug: org }, body: { version: `${t.release}-api`, projects: [t.projectSlug] } },
      { route: updateReleaseRoute, method: "PUT", path: `/api/0/organizations/${org}/releases/${t.release}/`, params: { organizationSlug: org, version: t.release }, body: { dateReleased: new Date().toISOString() } },
      { route: createDeployRoute, method: "POST", path: `/api/0/organizations/${org}/releases/${t.release}/deploys/`, params: { organizationSlug: org, version: t.release }, body: { environment: "staging" } },
    ],
  },
  "sourcemap.upload": {
    call: async (context, t) => [
      await assembleArtifactBundle(context, { checksum: "0".repeat(40), chunks: ["0".repeat(40)], projects: [t.projectSlug] }),
      await addReleaseFile(context, { projectSlug: t.projectSlug, version: t.release, dist: null, name: "~/matrix-upload.js", content: new TextEncoder().encode("matrix()"), headers: {} }),
    ],
    api: (t): ApiCall[] => [
      { route: assembleArtifactBundleRoute, method: "POST", path: `/api/0/organizations/${org}/artifactbundle/assemble/`, params: { organizationSlug: org }, body: { checksum: "1".repeat(40), chunks: ["1".repeat(40)], projects: [t.projectSlug] } },
      {
        route: uploadProjectReleaseFileRoute,
        method: "POST",
        path: `/api/0/projects/${org}/${t.projectSlug}/releases/${t.release}/files/`,
        params: { organizationSlug: org, projectSlug: t.projectSlug, version: t.release },
        form: () => {
          const form = new FormData();
          form.append("file", new Blob(["matrix()"]), "matrix.js");
          form.append("name", "~/matrix-api.js");
          return form;
        },
      },
    ],
  },
  "sourcemap.list": {
    call: async (context, t) => [await listArtifactBundles(context, { projectSlug: t.projectSlug }), await listApiReleaseFiles(context, t.projectSlug, t.release)],
    api: (t): ApiCall[] => [{ route: listProjectReleaseFilesRoute, method: "GET", path: `/api/0/projects/${org}/${t.projectSlug}/releases/${t.release}/files/`, params: { organizationSlug: org, projectSlug: t.projectSlug, version: t.release } }],
  },
  "sourcemap.delete": {
    // Each call deletes a bundle of its own: the system actor uploads one first (a legacy release file).
    call: async (context, t) => {
      await addReleaseFile(systemContext(context.database, context.config), { projectSlug: t.projectSlug, version: "matrix", dist: null, name: "~/matrix.js", content: Buffer.from("matrix()"), headers: {} });
      const bundle = await context.db.selectFrom("artifact_bundles").select("id").where("project_id", "=", t.projectId).executeTakeFirstOrThrow();
      return deleteArtifactBundle(context, { projectSlug: t.projectSlug, bundleId: Number(bundle.id) });
    },
  },
  "alert.list": {
    call: async (context, t) => [
      await listAlertRules(context, { projectSlug: t.projectSlug }),
      await getAlertRule(context, { projectSlug: t.projectSlug, ruleId: t.ruleId }),
      await listAlertDeliveries(context, { projectSlug: t.projectSlug, ruleId: t.ruleId }),
      await listRuleDeliveryHealth(context, { projectSlug: t.projectSlug }),
      await listEmailingRules(context),
      await listLogAlertRules(context, { projectSlug: t.projectSlug }),
      await getLogAlertRule(context, { projectSlug: t.projectSlug, ruleId: t.logRuleId }),
    ],
    api: (t): ApiCall[] => [
      { route: listAlertRulesRoute, method: "GET", path: `/api/0/projects/${org}/${t.projectSlug}/rules/`, params: { organizationSlug: org, projectSlug: t.projectSlug } },
      { route: alertRuleRoute, method: "GET", path: `/api/0/projects/${org}/${t.projectSlug}/rules/${t.ruleId}/`, params: { organizationSlug: org, projectSlug: t.projectSlug, ruleId: String(t.ruleId) } },
    ],
  },
  "alert.write": {
    isDestructive: true,
    call: async (context, t) => {
      const created = await createAlertRule(context, { projectSlug: t.projectSlug, rule: matrixRule(t.channelSlug, "matrix made") });
      return [
        await updateAlertRule(context, { projectSlug: t.projectSlug, ruleId: t.ruleId, rule: matrixRule(t.channelSlug, "matrix changed") }),
        await muteAlertRule(context, { projectSlug: t.projectSlug, ruleId: t.ruleId, until: Date.now() + 60_000 }),
        await copyAlertRule(context, { projectSlug: t.projectSlug, ruleId: t.ruleId }),
        await deleteAlertRule(context, { projectSlug: t.projectSlug, ruleId: created.id }),
        await sendTestNotification(context, { projectSlug: t.projectSlug, ruleId: t.ruleId }),
        await createLogAlertRule(context, { projectSlug: t.projectSlug, rule: matrixLogRule(t.channelSlug, "matrix log made") }),
        await updateLogAlertRule(context, { projectSlug: t.projectSlug, ruleId: t.logRuleId, rule: matrixLogRule(t.channelSlug, "matrix log changed") }),
        await muteLogAlertRule(context, { projectSlug: t.projectSlug, ruleId: t.logRuleId, until: Date.now() + 60_000 }),
        await deleteLogAlertRule(context, { projectSlug: t.projectSlug, ruleId: t.logRuleId }),
      ];
    },
    api: (t): ApiCall[] => [
      { route: createAlertRuleRoute, method: "POST", path: `/api/0/projects/${org}/${t.projectSlug}/rules/`, params: { organizationSlug: org, projectSlug: t.projectSlug }, body: matrixRule(t.channelSlug, "matrix api") },
      { route: updateAlertRuleRoute, method: "PUT", path: `/api/0/projects/${org}/${t.projectSlug}/rules/${t.ruleId}/`, params: { organizationSlug: org, projectSlug: t.projectSlug, ruleId: String(t.ruleId) }, body: matrixRule(t.channelSlug, "matrix api changed") },
      { route: deleteAlertRuleRoute, method: "DELETE", path: `/api/0/projects/${org}/${t.projectSlug}/rules/${t.ruleId}/`, params: { organizationSlug: org, projectSlug: t.projectSlug, ruleId: String(t.ruleId) } },
    ],
  },
  "channel.list": {
    call: async (context, t) => [await listNotificationChannels(context), await getNotificationChannel(context, { channelSlug: t.channelSlug })],
    api: (t): ApiCall[] => [
      { route: listNotificationChannelsRoute, method: "GET", path: `/api/0/organizations/${org}/notification-channels/`, params: { organizationSlug: org } },
      { route: notificationChannelRoute, method: "GET", path: `/api/0/organizations/${org}/notification-channels/${t.channelSlug}/`, params: { organizationSlug: org, channelSlug: t.channelSlug } },
    ],
  },
  "channel.write": {
    isDestructive: true,
    call: async (context, t) => [
      await createNotificationChannel(context, { name: `${t.spareChannelSlug} made`, kind: "webhook", url: matrixHookUrl }),
      await updateNotificationChannel(context, { channelSlug: t.spareChannelSlug, name: "matrix renamed" }),
      await sendTestNotification(context, { channelSlug: t.channelSlug }),
      await listAlertDeliveries(context, { channelSlug: t.channelSlug }),
      await listChannelDeliveryHealth(context),
      ...(context.viewer.email ? [await sendTestEmail(context)] : []),
      await deleteNotificationChannel(context, { channelSlug: t.spareChannelSlug }),
    ],
    api: (t): ApiCall[] => [
      { route: createNotificationChannelRoute, method: "POST", path: `/api/0/organizations/${org}/notification-channels/`, params: { organizationSlug: org }, body: { name: `${t.spareChannelSlug} api`, kind: "discord", url: matrixHookUrl } },
      { route: updateNotificationChannelRoute, method: "PUT", path: `/api/0/organizations/${org}/notification-channels/${t.spareChannelSlug}/`, params: { organizationSlug: org, channelSlug: t.spareChannelSlug }, body: { name: "matrix api renamed" } },
      { route: deleteNotificationChannelRoute, method: "DELETE", path: `/api/0/organizations/${org}/notification-channels/${t.spareChannelSlug}/`, params: { organizationSlug: org, channelSlug: t.spareChannelSlug } },
    ],
  },
  "uptime.list": {
    call: async (context, t) => [
      await listUptimeMonitors(context, { projectSlug: t.projectSlug }),
      await getUptimeMonitor(context, { projectSlug: t.projectSlug, monitorId: t.uptimeMonitorId }),
      await getUptimeMonitorPage(context, { projectSlug: t.projectSlug, monitorId: t.uptimeMonitorId }),
      await listUptimeChecks(context, { projectSlug: t.projectSlug, monitorId: t.uptimeMonitorId, since: 0, until: Date.now() }),
      await getStatusPageSettings(context, t.projectSlug),
    ],
    api: (t): ApiCall[] => {
      const params = { organizationSlug: org, projectSlug: t.projectSlug, uptimeId: String(t.uptimeMonitorId) };
      return [
        { route: organizationUptimeRoute, method: "GET", path: `/api/0/organizations/${org}/uptime/?project=${t.projectId}`, params: { organizationSlug: org } },
        { route: uptimeRoute, method: "GET", path: `/api/0/projects/${org}/${t.projectSlug}/uptime/${t.uptimeMonitorId}/`, params },
        { route: uptimeChecksRoute, method: "GET", path: `/api/0/projects/${org}/${t.projectSlug}/uptime/${t.uptimeMonitorId}/checks/?statsPeriod=7d`, params },
      ];
    },
  },
  "uptime.write": {
    call: async (context, t) => {
      const made = await createUptimeMonitor(context, { projectSlug: t.projectSlug, monitor: { url: matrixHookUrl, intervalSeconds: 300, timeoutMs: 1000 } });
      await updateUptimeMonitor(context, { projectSlug: t.projectSlug, monitorId: made.id, monitor: { status: "disabled" } });
      await updateStatusPageSettings(context, { projectSlug: t.projectSlug, isEnabled: false, title: "Matrix status" });
      return deleteUptimeMonitor(context, { projectSlug: t.projectSlug, monitorId: made.id });
    },
    isDestructive: true,
    api: (t): ApiCall[] => {
      const params = { organizationSlug: org, projectSlug: t.projectSlug, uptimeId: String(t.uptimeMonitorId) };
      return [
        { route: createUptimeRoute, method: "POST", path: `/api/0/projects/${org}/${t.projectSlug}/uptime/`, params: { organizationSlug: org, projectSlug: t.projectSlug }, body: { name: "Matrix API", url: matrixHookUrl, intervalSeconds: 300, timeoutMs: 1000, status: "disabled" } },
        { route: updateUptimeRoute, method: "PUT", path: `/api/0/projects/${org}/${t.projectSlug}/uptime/${t.uptimeMonitorId}/`, params, body: { name: "Matrix renamed" } },
        { route: deleteUptimeRoute, method: "DELETE", path: `/api/0/projects/${org}/${t.projectSlug}/uptime/${t.uptimeMonitorId}/`, params },
      ];
    },
  },
  "saved_search.list": { call: (context, t) => listSavedSearches(context, { projectId: t.projectId }) },
  "saved_search.write": {
    call: async (context, t) => {
      const saved = await saveSearch(context, { name: "matrix", query: "is:unresolved", sort: "last_seen", projectId: t.projectId, isShared: false });
      return deleteSavedSearch(context, { savedSearchId: saved.id });
    },
  },
  "saved_search.share": {
    call: async (context, t) => {
      const saved = await saveSearch(context, { name: "matrix shared", query: "is:unresolved", sort: "last_seen", projectId: t.projectId, isShared: true });
      return deleteSavedSearch(context, { savedSearchId: saved.id });
    },
  },
} satisfies Record<Verb, Driver>;

async function outcomeOf(promise: Promise<unknown>): Promise<Outcome | string> {
  try {
    await promise;
    return "allowed";
  } catch (error) {
    if (isAppError(error) && (error.code === "forbidden" || error.code === "not_found" || error.code === "unauthorized")) return error.code;
    return `unexpected: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function outcomeOfStatus(status: number): Outcome | string {
  if (status >= 200 && status < 300) return "allowed";
  return ({ 401: "unauthorized", 403: "forbidden", 404: "not_found" } as Record<number, Outcome>)[status] ?? `status ${status}`;
}

describe(`the access matrix (policy.ts × callers × surfaces) on ${testDialect}`, () => {
  let database: TestDatabase;
  const config = createTestConfig();
  const userIds: Record<string, string> = {};
  const tokens: Partial<Record<Actor, string>> = {};
  let shop: Target;
  let blogProjectId = 0;
  let sequence = 0;
  const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<unknown> };
  let previousDatabase: Promise<unknown> | undefined;

  async function contextOf(actor: Actor): Promise<AccessContext> {
    const who = actors[actor];
    const viewer = (await loadViewer(database.db, userIds[who.user!]!, who.scopes))!;
    return { db: database.db, database, config, viewer, source: { actor: viewer.actor, actorEmail: viewer.email, ipAddress: "192.0.2.1", userAgent: "vitest" } };
  }

  /** A fresh issue (two events, so merge and unmerge have what they need) in `projectId`; returns its ids. */
  async function sendIssue(projectId: number, title: string): Promise<{ issueId: number; eventId: string; hash: string }> {
    let eventId = "";
    await storeFixtureEvent(database.db, projectId, "node-message.envelope", (event) => {
      event.message = title;
      event.tags = { digest: "matrix-digest" };
      eventId = event.event_id as string;
    });
    while ((await digestBatch(database)) > 0);
    const event = await database.db.selectFrom("events").select(["issue_id", "group_hash"]).where("event_id", "=", eventId).executeTakeFirstOrThrow();
    return { issueId: Number(event.issue_id), eventId, hash: event.group_hash! };
  }

  /** A project of the member's team with issues, a key, an envelope and an attachment: what every verb acts on. */
  async function freshTarget(): Promise<Target> {
    sequence += 1;
    const { project, key } = await insertProject(database.db, { name: `shop ${sequence}`, platform: "node" });
    await database.db.insertInto("team_projects").values({ team_id: Number(userIds.teamA), project_id: project.id }).execute();
    const first = await sendIssue(project.id, `Matrix failure ${sequence} a`);
    const second = await sendIssue(project.id, `Matrix failure ${sequence} b`);
    const intake = await database.db.selectFrom("intake").select("id").where("project_id", "=", project.id).orderBy("id").executeTakeFirstOrThrow();
    const attachment = await database.db
      .insertInto("attachments")
      .values({ project_id: project.id, event_id: first.eventId, intake_id: intake.id, filename: "a.txt", content_type: "text/plain", attachment_type: "event.attachment", size: 1, body: new Uint8Array([65]) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const feedbackEventId = randomUUID().replaceAll("-", "");
    const feedback = await database.db
      .insertInto("feedback")
      .values({ project_id: project.id, event_id: feedbackEventId, source: "widget", linked_event_id: first.eventId, name: "Matrix", email: null, message: "It broke.", url: null, replay_id: null, user: null, environment: null, created_at: Date.now(), received_at: Date.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const screenshot = await database.db
      .insertInto("attachments")
      .values({ project_id: project.id, event_id: feedbackEventId, intake_id: intake.id, filename: "screenshot.png", content_type: "image/png", attachment_type: "event.attachment", size: 1, body: new Uint8Array([137]) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const replayId = randomUUID().replaceAll("-", "");
    const replay = await database.db
      .insertInto("replays")
      .values({ project_id: project.id, replay_id: replayId, started_at: Date.now() - 60_000, finished_at: Date.now(), received_at: Date.now(), updated_at: Date.now(), count_segments: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db.insertInto("replay_segments").values({ replay_row_id: replay.id, kind: "rrweb", segment_id: 0, encoding: "none", size: 2, received_at: Date.now(), body: new TextEncoder().encode("[]") }).execute();
    // Unmerge needs an issue holding two hashes: the second issue is merged into the first, as a person would.
    const { issueId: mergedInto } = await mergeIssues({ ...(await contextOf("owner")) }, { issueIds: [first.issueId, second.issueId] });
    const hashOfSecond = second.hash;
    const third = await sendIssue(project.id, `Matrix failure ${sequence} c`);
    const release = `matrix-release-${sequence}`;
    await database.db.insertInto("releases").values({ project_id: project.id, version: release, first_seen: Date.now() }).execute();
    const system = systemContext(database, config);
    const channel = await createNotificationChannel(system, { name: `matrix hook ${sequence}`, kind: "webhook", url: matrixHookUrl });
    const spare = await createNotificationChannel(system, { name: `matrix spare ${sequence}`, kind: "slack", url: matrixHookUrl });
    const rule = await createAlertRule(system, { projectSlug: project.slug, rule: matrixRule(channel.slug) });
    const logRule = await createLogAlertRule(system, { projectSlug: project.slug, rule: matrixLogRule(channel.slug, "matrix log rule") });
    const monitor = await createMonitor(system, { projectSlug: project.slug, changes: { name: `Matrix job ${sequence}`, scheduleType: "crontab", crontab: "*/5 * * * *" } });
    const uptimeMonitor = await createUptimeMonitor(system, { projectSlug: project.slug, monitor: { url: matrixHookUrl, intervalSeconds: 300, timeoutMs: 1000, status: "disabled" } });
    return {
      projectId: project.id,
      projectSlug: project.slug,
      issueId: mergedInto,
      secondIssueId: third.issueId,
      eventId: first.eventId,
      hash: hashOfSecond,
      keyId: key.id,
      publicKey: key.public_key,
      intakeId: intake.id,
      attachmentId: attachment.id,
      feedbackId: Number(feedback.id),
      screenshotId: Number(screenshot.id),
      replayId,
      release,
      ruleId: rule.id,
      logRuleId: logRule.id,
      channelSlug: channel.slug,
      spareChannelSlug: spare.slug,
      monitorSlug: monitor.slug,
      uptimeMonitorId: uptimeMonitor.id,
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    previousDatabase = holder.lanternDatabase;
    // The route handlers read the process's database, as under `lantern start`: here, this test's.
    holder.lanternDatabase = Promise.resolve(database);
    const auth = createTestAuth(database, config);
    fixtures.auth = auth;
    fixtures.newUser = async () => {
      const id = randomUUID();
      const at = new Date().toISOString();
      await database.db
        .insertInto("users")
        .values({ id, name: "matrix person", email: `person-${id}@lantern.test`, email_verified: testDialect === "postgres" ? false : 0, image: null, role: "member", created_at: at, updated_at: at })
        .execute();
      return id;
    };
    fixtures.newTeam = async () => {
      fixtures.count += 1;
      const team = await database.db.insertInto("teams").values({ slug: `matrix-team-${fixtures.count}`, name: `Matrix ${fixtures.count}`, created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
      return Number(team.id);
    };
    fixtures.joinTeam = async (teamId, { userId, projectId }) => {
      if (userId) await database.db.insertInto("team_members").values({ team_id: teamId, user_id: userId }).execute();
      if (projectId) await database.db.insertInto("team_projects").values({ team_id: teamId, project_id: projectId }).execute();
    };
    fixtures.newInvite = async () => (await createInvite(systemContext(database, config), { email: "", role: "member", teamId: "" })).id;
    for (const [name, role] of [["owner", "owner"], ["admin", "admin"], ["member", "member"], ["otherTeamMember", "member"]] as [string, Role][]) {
      userIds[name] = (await createTestUser(database, auth, role)).userId;
    }
    const now = Date.now();
    const teamA = await database.db.insertInto("teams").values({ slug: "matrix-a", name: "A", created_at: now }).returning("id").executeTakeFirstOrThrow();
    const teamB = await database.db.insertInto("teams").values({ slug: "matrix-b", name: "B", created_at: now }).returning("id").executeTakeFirstOrThrow();
    userIds.teamA = String(teamA.id);
    await database.db.insertInto("team_members").values([{ team_id: teamA.id, user_id: userIds.member! }, { team_id: teamB.id, user_id: userIds.otherTeamMember! }]).execute();
    const blog = await insertProject(database.db, { name: "blog", platform: "node" });
    blogProjectId = blog.project.id;
    await database.db.insertInto("team_projects").values({ team_id: teamB.id, project_id: blogProjectId }).execute();
    for (const actor of actorNames) {
      const who = actors[actor];
      if (who.user === null) continue;
      tokens[actor] = (await createApiToken(database.db, { userId: userIds[who.user]!, name: actor, scopes: who.scopes ?? [...allPermissions] , issuer: tokenIssuerOf(config) })).token;
    }
    shop = await freshTarget();
  }, 120_000);

  afterAll(async () => {
    holder.lanternDatabase = previousDatabase;
    await database?.destroy();
  });

  it("has a driver for every verb of the table, a row for every driver, and the table is the one docs/architecture.md states", () => {
    expect(Object.keys(drivers).sort()).toEqual([...verbs].sort());
    const documented = documentedPolicy();
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(verbs.map((verb) => [verb, policy[verb].permission])));
  });

  it("every verb, called directly as each caller, answers what the table says", async () => {
    const mismatches: string[] = [];
    for (const verb of verbs) {
      const driver: Driver = drivers[verb];
      for (const actor of actorNames) {
        if (actors[actor].user === null) continue;
        const target = driver.isDestructive ? await freshTarget() : shop;
        const got = await outcomeOf(driver.call(await contextOf(actor), target));
        const want = expected(verb, actor);
        if (got !== want) mismatches.push(`${verb} as ${actor}: ${got}, table says ${want}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 300_000);

  it("every /api/0/ route answers each caller's token (or none) with the table's status", async () => {
    const mismatches: string[] = [];
    for (const verb of verbs) {
      const driver: Driver = drivers[verb];
      if (!driver.api) continue;
      for (const actor of actorNames) {
        for (let index = 0; index < driver.api(shop).length; index++) {
          const target = driver.isDestructive ? await freshTarget() : shop;
          const call = driver.api(target)[index]!;
          const headers: Record<string, string> = call.form ? {} : { "content-type": "application/json" };
          if (tokens[actor]) headers.authorization = `Bearer ${tokens[actor]}`;
          const body = call.form ? call.form() : call.body === undefined ? undefined : JSON.stringify(call.body);
          const request = new Request(`http://lantern.test${call.path}`, { method: call.method, headers, body });
          const response = await call.route(request, { params: Promise.resolve(call.params) });
          const got = outcomeOfStatus(response.status);
          const want = expected(verb, actor);
          if (got !== want) mismatches.push(`${call.method} ${call.path} (${verb}) as ${actor}: ${got}, table says ${want} — ${await response.text()}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 300_000);

  it("a member's write-scoped token gets 403 from single and bulk DELETE and the issue stays; an admin token deletes", async () => {
    const target = await freshTarget();
    const call = (route: RouteHandler, path: string, params: Record<string, string>, token: string) =>
      route(new Request(`http://lantern.test${path}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve(params) });
    const single = () => call(deleteIssueRoute, `/api/0/issues/${target.issueId}/`, { issueId: String(target.issueId) }, tokens.memberWriteToken!);
    const bulk = () => call(deleteIssuesRoute, `/api/0/projects/${org}/${target.projectSlug}/issues/?id=${target.issueId}`, { organizationSlug: org, projectSlug: target.projectSlug }, tokens.memberWriteToken!);
    expect((await single()).status).toBe(403);
    expect((await bulk()).status).toBe(403);
    expect(await database.db.selectFrom("issues").select("id").where("id", "=", target.issueId).executeTakeFirst()).toBeDefined();
    const byAdmin = await call(deleteIssueRoute, `/api/0/issues/${target.issueId}/`, { issueId: String(target.issueId) }, tokens.adminToken!);
    expect(byAdmin.status).toBe(202);
    expect(await database.db.selectFrom("issues").select("id").where("id", "=", target.issueId).executeTakeFirst()).toBeUndefined();
  }, 60_000);

  it("the API context of a member's token is the viewer the verbs see (no surface widens or narrows it)", async () => {
    const context = await getApiContext(new Request("http://lantern.test/api/0/", { headers: { authorization: `Bearer ${tokens.memberWriteToken}` } }));
    expect([...context.viewer.permissions].sort()).toEqual(["read", "upload", "write"]);
    expect(context.viewer.projectIds === "all" ? "all" : [...context.viewer.projectIds].includes(blogProjectId)).toBe(false);
  });
});
