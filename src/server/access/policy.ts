import type { Permission } from "./viewer";

/**
 * Who may do what to a project's data: every verb that reads or changes it names its row here, and
 * `authorize*` (authorize.ts) reads the permission from this table — the dashboard, the API and the CLI call
 * the same verbs, so they cannot disagree. `read` is everyone who can see the project (and read-scoped
 * tokens), `write` is triage (members, write-scoped tokens), `admin` is owners and admins (admin-scoped
 * tokens), `upload` is CI's source maps and releases (every role; tokens with the upload, write or admin scope —
 * viewer.ts `scopeGrants`, as Sentry lets `project:write` and `org:ci` tokens do both). Rendered in docs/architecture.md and on the in-app "Roles and access" page; the matrix test
 * (policy-matrix.db.test.ts) calls every verb as every kind of caller and expects what this table says.
 */
export const policy = {
  "project.list": { permission: "read", summary: "List the projects one may see" },
  "project.read": { permission: "read", summary: "Open a project: overview, set-up, DSNs" },
  "project.create": { permission: "admin", summary: "Create a project" },
  "project.update_settings": { permission: "admin", summary: "Change grouping rules and retention" },
  "project.rename": { permission: "admin", summary: "Rename a project and change its platform" },
  "project.update_scrubbing": { permission: "admin", summary: "Change data scrubbing" },
  "project.delete": { permission: "admin", summary: "Delete a project and all its data" },
  "key.list": { permission: "read", summary: "List a project's client keys (DSNs)" },
  "key.create": { permission: "admin", summary: "Create a client key" },
  "key.rotate": { permission: "admin", summary: "Rotate a client key" },
  "key.set_active": { permission: "admin", summary: "Disable or enable a client key" },
  "key.rename": { permission: "admin", summary: "Rename a client key" },
  "key.set_rate_limit": { permission: "admin", summary: "Set a client key's rate limit" },
  "issue.list": { permission: "read", summary: "Search and list issues, live updates" },
  "issue.read": { permission: "read", summary: "Open an issue: details, volume, tags, grouping, comments" },
  "issue.resolve": { permission: "write", summary: "Resolve an issue (now, in a release, in the next release)" },
  "issue.ignore": { permission: "write", summary: "Ignore an issue (forever, for a count, users or time)" },
  "issue.unresolve": { permission: "write", summary: "Reopen an issue" },
  "issue.assign": { permission: "write", summary: "Assign an issue to a person or team who can see its project" },
  "issue.set_priority": { permission: "write", summary: "Change an issue's priority" },
  "issue.bookmark": { permission: "read", summary: "Bookmark an issue for oneself, or remove one's bookmark" },
  "issue.comment": { permission: "write", summary: "Comment on an issue" },
  "issue.merge": { permission: "write", summary: "Merge issues" },
  "issue.unmerge": { permission: "write", summary: "Unmerge hashes from an issue" },
  "issue.delete": { permission: "admin", summary: "Delete issues and their events for good" },
  "event.read": { permission: "read", summary: "Read events, their JSON and the event API" },
  "event.find_by_digest": { permission: "read", summary: "Find events by a Next.js error digest" },
  "event.find_by_trace": { permission: "read", summary: "List the error events of a trace (projects one can see)" },
  "trace.read": { permission: "read", summary: "Open a trace: its spans and errors in the projects one can see (waterfall, trace API)" },
  "span.search": { permission: "read", summary: "Search and aggregate spans (events API, dataset=spans or transactions; projects one can see)" },
  "log.search": { permission: "read", summary: "Search and count log lines (events API, dataset=logs; the logs pages; projects one can see)" },
  "attachment.read": { permission: "read", summary: "List and download event attachments" },
  "feedback.list": { permission: "read", summary: "List user feedback (per project, all projects, on an issue; the user-report API)" },
  "feedback.triage": { permission: "write", summary: "Resolve, reopen and assign user feedback" },
  "feedback.submit": { permission: "write", summary: "Send a user report with a token (the user-feedback API; SDKs send theirs with the DSN)" },
  "replay.list": { permission: "read", summary: "List and search session replays, count an issue's replays (Replays pages, replays API; projects one can see)" },
  "replay.read": { permission: "read", summary: "Open a session replay: its recording, video and details (the player, the replay and recording-segments API)" },
  "monitor.list": { permission: "read", summary: "List cron monitors, their check-ins and stats (Crons pages, monitors API)" },
  "monitor.write": { permission: "write", summary: "Create, change, disable, mute and delete cron monitors" },
  "received.read": { permission: "read", summary: "Read received raw envelopes" },
  "team.list": { permission: "read", summary: "List the teams: names, slugs, member counts (teams API)" },
  "team.create": { permission: "admin", summary: "Create a team" },
  "team.delete": { permission: "admin", summary: "Delete a team" },
  "team.add_member": { permission: "admin", summary: "Add a person to a team" },
  "team.remove_member": { permission: "admin", summary: "Remove a person from a team" },
  "team.add_project": { permission: "admin", summary: "Give a team a project" },
  "team.remove_project": { permission: "admin", summary: "Take a project from a team" },
  "member.change_role": { permission: "admin", summary: "Change a person's role (owners only to or from owner)" },
  "member.remove": { permission: "admin", summary: "Remove a person's account" },
  "member.create_reset_link": { permission: "admin", summary: "Make a password-reset link for a person" },
  "invite.create": { permission: "admin", summary: "Invite a person (owners only invite owners)" },
  "invite.revoke": { permission: "admin", summary: "Withdraw an invitation" },
  "audit.read": { permission: "admin", summary: "Read the audit log" },
  "release.list": { permission: "read", summary: "List releases, their deploys and health (API, Releases tab)" },
  "release.write": { permission: "upload", summary: "Create, update and finalize releases, record deploys and commits (CI)" },
  "sourcemap.upload": { permission: "upload", summary: "Upload source maps and artifact bundles (sentry-cli, bundler plugins)" },
  "sourcemap.list": { permission: "read", summary: "List a project's source map bundles" },
  "sourcemap.delete": { permission: "admin", summary: "Delete a project's source map bundles" },
  "storage.read": { permission: "admin", summary: "See the database's size by table and project, and the disk budget" },
  "alert.list": { permission: "read", summary: "List and read a project's alert rules and their delivery log" },
  "alert.write": { permission: "admin", summary: "Create, change, mute, copy, delete alert rules; send a test" },
  "channel.list": { permission: "read", summary: "List notification channels: names, slugs and kinds (what the rule form needs)" },
  "channel.write": { permission: "admin", summary: "Create, change and delete notification channels; send a test" },
  "uptime.list": { permission: "read", summary: "List uptime monitors, their checks, uptime and incidents (Uptime tab, uptime API)" },
  "uptime.write": { permission: "write", summary: "Create, change and delete uptime monitors; turn the project's public status page on or off" },
  "saved_search.list": { permission: "read", summary: "See one's own saved searches and the shared ones as issue list tabs" },
  "saved_search.write": { permission: "write", summary: "Save and delete one's own searches" },
  "saved_search.share": { permission: "admin", summary: "Share a saved search with everyone, or delete a shared one" },
} as const satisfies Record<string, { permission: Permission; summary: string }>;

export type Verb = keyof typeof policy;

export const verbs = Object.keys(policy) as Verb[];

export function permissionOf(verb: Verb): Permission {
  return policy[verb].permission;
}
