import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { Role } from "@/lib/roles";

/**
 * Row types of every table. Times are epoch milliseconds (bigint in PostgreSQL, integer in SQLite);
 * flags are 0/1 integers so that both dialects read the same values.
 */
type EpochMs = ColumnType<number, number, number>;

export interface ProjectsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  platform: string;
  is_internal: ColumnType<number, number | undefined, number>;
  created_at: EpochMs;
  /** Server-side fingerprint rules, in Sentry's text syntax. */
  fingerprint_rules: ColumnType<string, string | undefined, string>;
  /** Stack-trace rules (in-app and grouping), in Sentry's text syntax. */
  stacktrace_rules: ColumnType<string, string | undefined, string>;
  /** Null: the instance default from the config. */
  retention_days: ColumnType<number | null, number | null | undefined, number | null>;
  max_events_per_issue: ColumnType<number | null, number | null | undefined, number | null>;
  /** Data scrubbing (1 = on, the default); extra sensitive key words and safe fields, one per line or comma-separated. */
  scrub_data: ColumnType<number, number | undefined, number>;
  scrub_extra_keys: ColumnType<string, string | undefined, string>;
  scrub_safe_fields: ColumnType<string, string | undefined, string>;
  scrub_ip_addresses: ColumnType<number, number | undefined, number>;
  scrub_emails: ColumnType<number, number | undefined, number>;
  /** Slow database query issues start above this many ms (null: the default, 500; migration 0022). */
  slow_db_query_ms: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProjectKeysTable {
  id: Generated<number>;
  project_id: number;
  public_key: string;
  label: string;
  is_active: ColumnType<number, number | undefined, number>;
  created_at: EpochMs;
  /** At most this many envelopes per window (null: no per-key limit). */
  rate_limit_count: ColumnType<number | null, number | null | undefined, number | null>;
  rate_limit_window_seconds: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * Raw envelopes, committed before ingest answers 200; digest (a later issue) reads them from here.
 * The columns the received-envelopes list needs are extracted at ingest so it never parses bodies.
 */
export interface IntakeTable {
  id: Generated<number>;
  project_id: number;
  received_at: EpochMs;
  event_id: string | null;
  item_types: string;
  summary: string | null;
  sdk_name: string | null;
  body_bytes: number;
  /** Null while the envelope waits for digest. */
  digested_at: ColumnType<number | null, number | null | undefined, number | null>;
  digest_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** The SDK's address, for `user.ip_address: "{{auto}}"`. */
  client_ip: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The raw envelope of an intake row, apart from it so that marking the row digested does not write it again. */
export interface IntakeBodiesTable {
  intake_id: number;
  body: Uint8Array;
  /** How `body` is stored: "identity" (bodies from before migration 0010), "gzip" (as the SDK sent it) or "br"; intake/raw-body reads them. */
  encoding: ColumnType<string, string | undefined, string>;
}

export interface EventsTable {
  id: Generated<number>;
  project_id: number;
  event_id: string;
  intake_id: number;
  type: string;
  timestamp: EpochMs;
  received_at: EpochMs;
  level: string;
  platform: string;
  title: string;
  release: string | null;
  environment: string | null;
  user_key: string | null;
  /** The normalized event as deflated JSON. */
  payload: Uint8Array;
  issue_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The hash through which the event joined its issue; unmerge moves events by it. */
  group_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** `contexts.trace.trace_id`, 32 lowercase hex digits, or null (none, invalid, or digested before 0018-event-trace-ids). */
  trace_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** `contexts.replay.replay_id` or the `replayId` tag, 32 lowercase hex digits, or null (0036-replays). */
  replay_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AttachmentsTable {
  id: Generated<number>;
  project_id: number;
  event_id: string;
  intake_id: number;
  filename: string;
  content_type: string | null;
  attachment_type: string;
  size: number;
  body: Uint8Array;
}

export interface StoredItemsTable {
  id: Generated<number>;
  project_id: number;
  intake_id: number;
  item_index: number;
  type: string;
  event_id: string | null;
  received_at: EpochMs;
  payload: Uint8Array;
}

/** One span (migrations/0020-spans.ts): ids as bytes, repeated strings as `span_strings` ids, the rest in `span_payloads`. */
export interface SpansTable {
  trace_id: Uint8Array;
  span_id: Uint8Array;
  project_id: number;
  parent_span_id: Uint8Array | null;
  start_us: number;
  duration_us: number;
  op_id: number;
  description_id: number | null;
  segment_name_id: number | null;
  release_id: number | null;
  environment_id: number | null;
  status: number;
  flags: number;
  payload_id: number;
}

/** Transactions of one project, hour, name, op, release and environment (migrations/0023-span-rollups.ts); 0 ids for none. */
export interface TransactionRollupsTable {
  project_id: number;
  hour: EpochMs;
  segment_name_id: number;
  op_id: number;
  release_id: number;
  environment_id: number;
  count: number;
  failed: number;
  duration_sum_us: number;
  /** lib/duration-histogram.ts's sparse text. */
  histogram: string;
  /** lib/user-sketch.ts's distinct-user sketch ("" when no transaction named a user). */
  users: string;
}

/** Database queries (kind 2) or outgoing requests (kind 4) of one project, hour and normalized description (migrations/0023-span-rollups.ts). */
export interface SpanGroupRollupsTable {
  project_id: number;
  hour: EpochMs;
  kind: number;
  description_id: number;
  count: number;
  duration_sum_us: number;
  histogram: string;
  example_trace_id: Uint8Array;
}

/** One web vital of a page load or navigation (migrations/0021-web-vitals.ts). */
export interface WebVitalsTable {
  project_id: number;
  page_id: number;
  vital: number;
  start_us: number;
  value: number;
}

/** A string spans repeat, once per project and kind (span-strings.ts names the kinds). */
export interface SpanStringsTable {
  id: Generated<number>;
  project_id: number;
  kind: number;
  value: string;
}

/** What spans keep beyond their row, for all spans of one envelope item: deflated JSON keyed by span id. */
export interface SpanPayloadsTable {
  id: Generated<number>;
  project_id: number;
  received_at: EpochMs;
  body: Uint8Array;
}

/** One log line (migrations/0024-logs.ts): ids as bytes, repeated strings as `log_strings` ids, attributes in `log_payloads`. */
export interface LogsTable {
  id: Generated<number>;
  project_id: number;
  timestamp_us: number;
  trace_id: Uint8Array;
  span_id: Uint8Array | null;
  /** OTel severity number, 1–24. */
  severity: number;
  template_id: number | null;
  release_id: number | null;
  environment_id: number | null;
  body: string;
  payload_id: number;
  payload_index: number;
  /** PostgreSQL only: the search tokens (log-terms.ts) as a tsvector; SQLite keeps them in `logs_fts`. */
  terms: ColumnType<never, unknown, never>;
}

/** A string log lines repeat, once per project and kind (log-strings.ts names the kinds). */
export interface LogStringsTable {
  id: Generated<number>;
  project_id: number;
  kind: number;
  value: string;
}

/** The attributes and parameters of the lines of one envelope item: deflated JSON, one entry per line. */
export interface LogPayloadsTable {
  id: Generated<number>;
  project_id: number;
  received_at: EpochMs;
  body: Uint8Array;
}

export interface SessionCountsTable {
  project_id: number;
  release: string;
  environment: string;
  hour: EpochMs;
  status: string;
  quantity: number;
}

/** Distinct users of session_counts' rows, as a user sketch (lib/user-sketch) per status (migration 0029). */
export interface SessionUsersTable {
  project_id: number;
  release: string;
  environment: string;
  hour: EpochMs;
  status: string;
  sketch: string;
}

/** Session ids already counted as started or ended, so a resent update counts once; pruned after two days. */
export interface SessionMarksTable {
  project_id: number;
  session_id: string;
  mark: string;
  seen_at: EpochMs;
}

export interface OutcomesTable {
  project_id: number;
  hour: EpochMs;
  outcome: string;
  reason: string;
  category: string;
  quantity: number;
}

export interface IssuesTable {
  id: Generated<number>;
  project_id: number;
  type: string;
  title: string;
  culprit: string;
  level: string;
  platform: string;
  /** unresolved | resolved | ignored | merged */
  status: string;
  /** unresolved: new | ongoing | regressed | escalating; ignored: archived_forever | archived_until_condition_met */
  substatus: string | null;
  /** JSON of an IssueResolution while resolved. */
  resolution: string | null;
  /** JSON of an IgnoreCondition while ignored. */
  ignore_condition: string | null;
  merged_into_id: number | null;
  first_seen: EpochMs;
  last_seen: EpochMs;
  times_seen: number;
  users_seen: number;
  first_release: string | null;
  last_release: string | null;
  status_changed_at: EpochMs;
  /** Who is on it: a person or a team (at most one of the two; migration 0017), null: nobody. */
  assignee_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  assignee_team_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** high | medium | low: from the level at creation, then by hand. */
  priority: ColumnType<string, string | undefined, string>;
}

/** A cron monitor and its Sentry `monitor_config` (migrations/0033-cron-monitors.ts). */
export interface MonitorsTable {
  id: Generated<number>;
  project_id: number;
  slug: string;
  name: string;
  /** active | disabled */
  status: ColumnType<string, string | undefined, string>;
  is_muted: ColumnType<number, number | undefined, number>;
  /** crontab | interval */
  schedule_type: string;
  /** The crontab expression, or the interval's count as text. */
  schedule: string;
  /** An interval's unit: minute | hour | day | week | month | year; null for crontab. */
  schedule_unit: string | null;
  /** Minutes after the expected time before a check-in counts as missed (null: 1). */
  checkin_margin: number | null;
  /** Minutes an in-progress check-in may run before it times out (null: 30). */
  max_runtime: number | null;
  timezone: ColumnType<string, string | undefined, string>;
  failure_issue_threshold: ColumnType<number, number | undefined, number>;
  recovery_threshold: ColumnType<number, number | undefined, number>;
  owner: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** A monitor in one environment: the scheduler's state (migrations/0033-cron-monitors.ts). */
export interface MonitorEnvironmentsTable {
  id: Generated<number>;
  monitor_id: number;
  project_id: number;
  environment: string;
  /** active (no check-in yet) | ok | error */
  status: ColumnType<string, string | undefined, string>;
  is_muted: ColumnType<number, number | undefined, number>;
  last_checkin_at: EpochMs | null;
  next_checkin_at: EpochMs | null;
  /** next_checkin_at + margin: past it without a check-in, the expected one is missed. */
  next_checkin_latest: EpochMs | null;
  /** Consecutive failed check-ins (missed, timeout, error). */
  failures: ColumnType<number, number | undefined, number>;
  /** Consecutive ok check-ins since the incident opened. */
  recoveries: ColumnType<number, number | undefined, number>;
  /** When the open incident (failures reached the threshold) began; null when none is open. */
  incident_started_at: EpochMs | null;
  created_at: EpochMs;
}

/** An uptime monitor: the request Lantern makes and the checker's state (migrations/0034-uptime-monitors.ts). */
export interface UptimeMonitorsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  url: string;
  /** GET | POST | HEAD | PUT | DELETE | PATCH | OPTIONS */
  method: ColumnType<string, string | undefined, string>;
  /** JSON: [name, value][] */
  headers: ColumnType<string, string | undefined, string>;
  body: string | null;
  /** 60, 300, 600, 1200, 1800 or 3600 */
  interval_seconds: number;
  timeout_ms: number;
  expected_status_min: ColumnType<number, number | undefined, number>;
  expected_status_max: ColumnType<number, number | undefined, number>;
  environment: string | null;
  /** active | disabled */
  status: ColumnType<string, string | undefined, string>;
  downtime_threshold: ColumnType<number, number | undefined, number>;
  recovery_threshold: ColumnType<number, number | undefined, number>;
  /** When the next check is due (null while disabled): the checker's only scan. */
  next_check_at: EpochMs | null;
  last_check_at: EpochMs | null;
  consecutive_failures: ColumnType<number, number | undefined, number>;
  consecutive_successes: ColumnType<number, number | undefined, number>;
  /** ok | failed: failed from the downtime threshold until the recovery threshold. */
  uptime_status: ColumnType<string, string | undefined, string>;
  show_on_status_page: ColumnType<number, number | undefined, number>;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** One check of an uptime monitor (migrations/0034-uptime-monitors.ts). */
export interface UptimeChecksTable {
  id: Generated<number>;
  monitor_id: number;
  scheduled_at: EpochMs;
  checked_at: EpochMs;
  /** success | failure */
  status: string;
  /** A failure's cause: dns | connect | tls | timeout | status | refused */
  reason: string | null;
  http_status: number | null;
  duration_ms: number | null;
}

/** An uptime monitor's checks of one hour, summed (migrations/0034-uptime-monitors.ts). */
export interface UptimeCheckHoursTable {
  monitor_id: number;
  hour: EpochMs;
  checks: number;
  failures: number;
  duration_ms_sum: number;
}

/** One downtime episode of an uptime monitor (migrations/0034-uptime-monitors.ts). */
export interface UptimeIncidentsTable {
  id: Generated<number>;
  monitor_id: number;
  started_at: EpochMs;
  resolved_at: EpochMs | null;
  /** The failure reason of the check that opened it. */
  reason: string | null;
  issue_id: number | null;
}

/** A project's public status page (migrations/0034-uptime-monitors.ts); no row: off. */
export interface UptimeStatusPagesTable {
  project_id: number;
  is_enabled: ColumnType<number, number | undefined, number>;
  title: string;
  updated_at: EpochMs;
}

/** One check-in, received or made up by the scheduler (missed) (migrations/0033-cron-monitors.ts). */
export interface MonitorCheckinsTable {
  id: Generated<number>;
  monitor_id: number;
  monitor_environment_id: number;
  project_id: number;
  /** 32 lowercase hex digits. */
  check_in_id: string;
  /** in_progress | ok | error | missed | timeout */
  status: string;
  duration_ms: number | null;
  date_added: EpochMs;
  date_updated: EpochMs;
  date_in_progress: EpochMs | null;
  /** The scheduled time this check-in answers (a missed one's deadline). */
  expected_time: EpochMs | null;
  /** While in progress: when it times out. */
  timeout_at: EpochMs | null;
  trace_id: string | null;
  release: string | null;
  /** The cron issue this failure was counted on. */
  issue_id: number | null;
}

/** User feedback (migrations/0028-feedback.ts). */
/** One row per session replay (migrations/0036-replays.ts): what lists, search and the API show. */
export interface ReplaysTable {
  id: Generated<number>;
  project_id: number;
  /** 32 lowercase hex digits. */
  replay_id: string;
  started_at: EpochMs;
  finished_at: EpochMs;
  received_at: EpochMs;
  /** The last segment's or replay event's arrival; retention goes by it. */
  updated_at: EpochMs;
  /** session | buffer */
  replay_type: ColumnType<string, string | undefined, string>;
  platform: ColumnType<string, string | undefined, string>;
  release: string | null;
  environment: string | null;
  dist: string | null;
  user_id: string | null;
  user_email: string | null;
  user_username: string | null;
  user_ip: string | null;
  user_name: string | null;
  browser_name: string | null;
  browser_version: string | null;
  os_name: string | null;
  os_version: string | null;
  device_name: string | null;
  device_brand: string | null;
  device_model: string | null;
  device_family: string | null;
  sdk_name: string | null;
  sdk_version: string | null;
  /** JSON arrays, capped (read-replay-event.ts). */
  urls: ColumnType<string, string | undefined, string>;
  error_ids: ColumnType<string, string | undefined, string>;
  trace_ids: ColumnType<string, string | undefined, string>;
  count_errors: ColumnType<number, number | undefined, number>;
  count_urls: ColumnType<number, number | undefined, number>;
  count_segments: ColumnType<number, number | undefined, number>;
  count_clicks: ColumnType<number, number | undefined, number>;
  count_dead_clicks: ColumnType<number, number | undefined, number>;
  count_rage_clicks: ColumnType<number, number | undefined, number>;
  stored_bytes: ColumnType<number, number | undefined, number>;
  /** 0 | 1 */
  has_video: ColumnType<number, number | undefined, number>;
  /** JSON array of reasons segments were refused, or null. */
  dropped: string | null;
}

export interface ReplaySegmentsTable {
  replay_row_id: number;
  /** rrweb | video */
  kind: string;
  segment_id: number;
  /** zlib | gzip | none (rrweb JSON as sent or as Lantern compressed it), or the video's container (mp4 | webm). */
  encoding: string;
  size: number;
  received_at: EpochMs;
  body: Uint8Array;
}

export interface FeedbackTable {
  id: Generated<number>;
  project_id: number;
  /** The feedback's own event id; a legacy user report's is the event it reports on. */
  event_id: string;
  /** widget | api | user_report | embed */
  source: string;
  /** The error it is about; its issue is looked up through `events` when read. */
  linked_event_id: string | null;
  name: string | null;
  email: string | null;
  message: string;
  url: string | null;
  replay_id: string | null;
  /** The event's `user` object as JSON. */
  user: string | null;
  environment: string | null;
  /** new | resolved */
  status: ColumnType<string, string | undefined, string>;
  assignee_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  assignee_team_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: EpochMs;
  received_at: EpochMs;
}

export interface IssueBookmarksTable {
  user_id: string;
  issue_id: number;
  created_at: EpochMs;
}

export interface IssueTagValuesTable {
  issue_id: number;
  key: string;
  value: string;
  times_seen: number;
  first_seen: EpochMs;
  last_seen: EpochMs;
}

/** A project's tag values, summed over its issues by digest (0015-project-tag-values). */
export interface ProjectTagValuesTable {
  project_id: number;
  key: string;
  value: string;
  times_seen: number;
  first_seen: EpochMs;
  last_seen: EpochMs;
}

/** A person's named issue search, shown as a tab on the issue list (0016-saved-searches). */
export interface SavedSearchesTable {
  id: Generated<number>;
  owner_user_id: string;
  /** Null: the all-projects list. */
  project_id: number | null;
  name: string;
  query: string;
  sort: string;
  /** 1: everyone who sees the project (or every project) sees it; only owners and admins share. */
  is_shared: ColumnType<number, number | undefined, number>;
  created_at: EpochMs;
  /** 'issues' (a tab of the issue list) or 'logs' (of the logs explorer). */
  kind: ColumnType<string, string | undefined, string>;
}

export interface IssueCommentsTable {
  id: Generated<number>;
  issue_id: number;
  author: string;
  body: string;
  created_at: EpochMs;
}

export interface IssueHashesTable {
  project_id: number;
  hash: string;
  issue_id: number;
  origin_issue_id: number;
}

export interface IssueHourlyCountsTable {
  issue_id: number;
  hour: EpochMs;
  count: number;
}

export interface IssueUsersTable {
  issue_id: number;
  user_key: string;
  /** When digest last saw this user on the issue (null: before migration 0014); distinct users in a window. */
  last_seen: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface IssueEnvironmentsTable {
  issue_id: number;
  environment: string;
  times_seen: number;
  first_seen: EpochMs;
  last_seen: EpochMs;
}

export interface IssueActivityTable {
  id: Generated<number>;
  issue_id: number;
  kind: string;
  /** "user:<name>", "digest" or "system". */
  actor: string;
  data: string | null;
  created_at: EpochMs;
}

export interface ReleasesTable {
  project_id: number;
  version: string;
  first_seen: EpochMs;
  /** Set by the release API's finalize (`dateReleased`). */
  date_released: ColumnType<number | null, number | null | undefined, number | null>;
  /** "user:<e-mail>" of whoever created it through the release API; null when an event brought it. */
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ReleaseDeploysTable {
  id: Generated<number>;
  /** The project deployed (migrations/0030-release-commits.ts): a deploy of several projects is a row each. */
  project_id: number;
  version: string;
  environment: string;
  name: string | null;
  url: string | null;
  date_started: EpochMs | null;
  date_finished: EpochMs;
  created_at: EpochMs;
}

/** One integer id per release version, Sentry's release `id` (migrations/0030-release-commits.ts). */
export interface ReleaseVersionsTable {
  id: Generated<number>;
  version: string;
  created_at: EpochMs;
}

/** A commit CI sent for a release (`sentry-cli releases set-commits`), in the order sent. */
export interface ReleaseCommitsTable {
  id: Generated<number>;
  version: string;
  position: number;
  /** The commit's sha (or whatever id the repository uses). */
  commit_id: string;
  repository: string | null;
  message: string | null;
  author_name: string | null;
  author_email: string | null;
  timestamp: EpochMs | null;
  /** JSON `[{path, type}]`: the files the commit changed (its patch set). */
  files: string;
  created_at: EpochMs;
}

/** A piece of an upload, by the sha1 of its (uncompressed) bytes, until an assemble request uses it. */
export interface UploadChunksTable {
  sha1: string;
  data: Uint8Array;
  size: number;
  created_at: EpochMs;
}

/** One uploaded artifact bundle (sentry-cli's zip of minified files and maps) of one project. */
export interface ArtifactBundlesTable {
  id: Generated<number>;
  project_id: number;
  /** sha1 of the whole uploaded bundle: the same upload twice is one bundle. */
  checksum: string;
  /** The manifest's own `debug_id`, when it has one. */
  bundle_id: string | null;
  release: string | null;
  dist: string | null;
  file_count: number;
  /** Uncompressed bytes of its files. */
  size_bytes: EpochMs;
  /** "user:<e-mail>" of the token's or session's owner; "system" for Lantern's own maps. */
  uploaded_by: string | null;
  created_at: EpochMs;
  /** Last time resolution read a file of this bundle (written at most once an hour); retention keeps used bundles. */
  last_used_at: EpochMs | null;
}

/** A file's bytes, once, by the sha1 of its content; gzip-compressed. */
export interface ArtifactFilesTable {
  sha1: string;
  data: Uint8Array;
  /** Uncompressed bytes. */
  size: EpochMs;
  stored_size: EpochMs;
}

/** What a bundle holds: each file's URL (`~/assets/app.js`), type, debug ID and content. */
export interface ArtifactBundleFilesTable {
  bundle_id: number;
  project_id: number;
  url: string;
  /** source | minified_source | source_map | indexed_ram_bundle */
  type: string;
  debug_id: string | null;
  /** The manifest's `sourcemap` header of a minified file: its map's URL, relative to the file. */
  sourcemap: string | null;
  release: string | null;
  dist: string | null;
  file_sha1: string;
  size: EpochMs;
}

/** What an assemble request (by checksum, for a set of projects) last reported. */
export interface ArtifactAssembliesTable {
  checksum: string;
  /** What the request was for ("bundle:<project ids>:<release>:<dist>" or "release:<version>:<project id>"). */
  scope: string;
  /** created | assembling | ok | error */
  state: string;
  detail: string | null;
  updated_at: EpochMs;
}

/** better-auth's tables: timestamps are Date in PostgreSQL and ISO text in SQLite; only Lantern's reads are typed here. */
type AuthTimestamp = ColumnType<Date | string, Date | string, Date | string>;

export type { Role };

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  role: Role;
  /** The environment picked in the header; null: all (0031-environment-preference). */
  environment_filter: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: AuthTimestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

/** better-auth's string lists and JSON: jsonb (parsed) in PostgreSQL, JSON text in SQLite. */
type AuthJson = ColumnType<unknown, string | unknown, string | unknown>;
type AuthBoolean = ColumnType<boolean | number | null, boolean | number | null | undefined, boolean | number | null>;

/** The OAuth provider plugin's tables (0035-mcp-oauth): the columns Lantern reads; the plugin writes them all. */
export interface OAuthClientsTable {
  id: string;
  client_id: string;
  name: string | null;
  uri: string | null;
  redirect_uris: AuthJson;
  token_endpoint_auth_method: string | null;
  disabled: AuthBoolean;
  user_id: string | null;
  created_at: AuthTimestamp | null;
}

export interface OAuthAccessTokensTable {
  id: string;
  /** SHA-256 (hex) of the token. */
  token: string;
  client_id: string;
  session_id: string | null;
  user_id: string | null;
  resources: AuthJson;
  refresh_id: string | null;
  expires_at: AuthTimestamp;
  created_at: AuthTimestamp;
  revoked: AuthTimestamp | null;
  scopes: AuthJson;
}

export interface OAuthRefreshTokensTable {
  id: string;
  token: string;
  client_id: string;
  session_id: string | null;
  user_id: string;
  resources: AuthJson;
  expires_at: AuthTimestamp;
  created_at: AuthTimestamp;
  revoked: AuthTimestamp | null;
  scopes: AuthJson;
}

export interface OAuthConsentsTable {
  id: string;
  client_id: string;
  user_id: string | null;
  scopes: AuthJson;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  password: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface TeamsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  created_at: EpochMs;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: string;
}

export interface TeamProjectsTable {
  team_id: number;
  project_id: number;
}

export interface InvitesTable {
  id: Generated<number>;
  /** sha256 of the link's secret; the secret itself is shown once. */
  token_hash: string;
  email: string | null;
  role: Role;
  team_id: number | null;
  created_by: string;
  created_at: EpochMs;
  expires_at: EpochMs;
  accepted_at: EpochMs | null;
  accepted_by: string | null;
  revoked_at: EpochMs | null;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  /** sha256 of the token; the token itself is shown once. */
  token_hash: string;
  /** So a person can tell tokens apart: `sntrys_…` and the secret's last 4 characters (legacy `lnt_`: the first 10). */
  token_prefix: string;
  /** Comma-separated: read, write, admin, upload. */
  scopes: string;
  created_at: EpochMs;
  last_used_at: EpochMs | null;
  revoked_at: EpochMs | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  created_at: EpochMs;
  action: string;
  actor: string;
  actor_email: string | null;
  target: string | null;
  ip_address: string | null;
  user_agent: string | null;
  data: string | null;
}

export interface NotificationChannelsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  /** slack | discord | msteams | webhook */
  kind: string;
  url: string;
  /** The generic webhook's HMAC key; never shown again after creation. */
  secret: string | null;
  created_by: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface AlertRulesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** any | all (Sentry's actionMatch: how the conditions combine) */
  action_match: string;
  /** any | all (Sentry's filterMatch) */
  filter_match: string;
  /** The action interval: actions run at most once per issue per this many minutes. */
  frequency_minutes: number;
  environment: string | null;
  /** JSON arrays in Sentry's issue-alert shape (alerts/rule-schema.ts). */
  conditions: string;
  filters: string;
  actions: string;
  muted_until: EpochMs | null;
  created_by: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface AlertRuleFiresTable {
  rule_id: number;
  issue_id: number;
  fired_at: EpochMs;
}

export interface IssueMinuteCountsTable {
  issue_id: number;
  minute: EpochMs;
  count: number;
}

export interface AlertDeliveriesTable {
  id: Generated<number>;
  /** The Lantern-Delivery header: the same on every attempt, so receivers can drop a repeat. */
  delivery_id: string;
  project_id: number | null;
  rule_id: number | null;
  issue_id: number | null;
  channel_id: number | null;
  /** email | slack | discord | msteams | webhook */
  kind: string;
  /** The e-mail address (kind email); null for channels. */
  recipient: string | null;
  /** new | regressed | reappeared | frequency | users | test | assigned | comment | assigned_regressed */
  reason: string;
  /** The message's facts as JSON (alerts/alert-message.ts), fixed when the alert was decided. */
  message: string;
  /** pending | sent | failed */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: EpochMs;
  /** A sender holds the row until then; past it another may take it (its sender died). */
  lease_until: EpochMs | null;
  response_code: number | null;
  last_error: string | null;
  created_at: EpochMs;
  finished_at: EpochMs | null;
}

export interface AlertDeliveryAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: EpochMs;
  response_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface NotificationOptOutsTable {
  user_id: string;
  /** alert (per project) | workflow (project_id 0) */
  topic: string;
  project_id: ColumnType<number, number | undefined, number>;
}

export interface InstanceSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  projects: ProjectsTable;
  project_keys: ProjectKeysTable;
  intake: IntakeTable;
  intake_bodies: IntakeBodiesTable;
  events: EventsTable;
  attachments: AttachmentsTable;
  stored_items: StoredItemsTable;
  feedback: FeedbackTable;
  replays: ReplaysTable;
  replay_segments: ReplaySegmentsTable;
  monitors: MonitorsTable;
  monitor_environments: MonitorEnvironmentsTable;
  monitor_checkins: MonitorCheckinsTable;
  uptime_monitors: UptimeMonitorsTable;
  uptime_checks: UptimeChecksTable;
  uptime_check_hours: UptimeCheckHoursTable;
  uptime_incidents: UptimeIncidentsTable;
  uptime_status_pages: UptimeStatusPagesTable;
  spans: SpansTable;
  span_strings: SpanStringsTable;
  span_payloads: SpanPayloadsTable;
  logs: LogsTable;
  log_strings: LogStringsTable;
  log_payloads: LogPayloadsTable;
  web_vitals: WebVitalsTable;
  transaction_rollups: TransactionRollupsTable;
  span_group_rollups: SpanGroupRollupsTable;
  session_counts: SessionCountsTable;
  session_users: SessionUsersTable;
  session_marks: SessionMarksTable;
  outcomes: OutcomesTable;
  issues: IssuesTable;
  issue_hashes: IssueHashesTable;
  issue_hourly_counts: IssueHourlyCountsTable;
  issue_users: IssueUsersTable;
  issue_environments: IssueEnvironmentsTable;
  issue_activity: IssueActivityTable;
  releases: ReleasesTable;
  release_deploys: ReleaseDeploysTable;
  release_versions: ReleaseVersionsTable;
  release_commits: ReleaseCommitsTable;
  upload_chunks: UploadChunksTable;
  artifact_bundles: ArtifactBundlesTable;
  artifact_files: ArtifactFilesTable;
  artifact_bundle_files: ArtifactBundleFilesTable;
  artifact_assemblies: ArtifactAssembliesTable;
  issue_tag_values: IssueTagValuesTable;
  project_tag_values: ProjectTagValuesTable;
  issue_comments: IssueCommentsTable;
  issue_bookmarks: IssueBookmarksTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  oauth_clients: OAuthClientsTable;
  oauth_access_tokens: OAuthAccessTokensTable;
  oauth_refresh_tokens: OAuthRefreshTokensTable;
  oauth_consents: OAuthConsentsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_projects: TeamProjectsTable;
  invites: InvitesTable;
  api_tokens: ApiTokensTable;
  audit_log: AuditLogTable;
  instance_settings: InstanceSettingsTable;
  notification_channels: NotificationChannelsTable;
  alert_rules: AlertRulesTable;
  alert_rule_fires: AlertRuleFiresTable;
  issue_minute_counts: IssueMinuteCountsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_delivery_attempts: AlertDeliveryAttemptsTable;
  notification_opt_outs: NotificationOptOutsTable;
  saved_searches: SavedSearchesTable;
  log_alert_rules: LogAlertRulesTable;
  leases: LeasesTable;
  rate_limit_windows: RateLimitWindowsTable;
}

/** One periodic job's holder across instances (0019; instance/take-lease.ts). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: EpochMs;
}

/** A client key's fixed-window count per data category, shared by instances (0019; ingest/shared-rate-limiter.ts). */
export interface RateLimitWindowsTable {
  public_key: string;
  category: string;
  window_start: EpochMs;
  used: number;
}

export type Project = Selectable<ProjectsTable>;
export type ProjectKey = Selectable<ProjectKeysTable>;
export type NewIntakeRow = Insertable<IntakeTable>;
export type IntakeRow = Selectable<IntakeTable>;
export type IssueRow = Selectable<IssuesTable>;
export type MonitorRow = Selectable<MonitorsTable>;
export type MonitorEnvironmentRow = Selectable<MonitorEnvironmentsTable>;
export type MonitorCheckinRow = Selectable<MonitorCheckinsTable>;
export type UptimeMonitorRow = Selectable<UptimeMonitorsTable>;
export type UptimeCheckRow = Selectable<UptimeChecksTable>;
export type UptimeIncidentRow = Selectable<UptimeIncidentsTable>;

/** "More than `threshold` log lines matching `query` in `interval`" (0026; alerts/evaluate-log-alerts.ts). */
export interface LogAlertRulesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** The logs search syntax (logs/parse-log-search.ts), checked when saved. */
  query: string;
  threshold: number;
  /** 1m | 5m | 15m | 1h | 1d */
  interval: string;
  /** JSON array of notification channel slugs. */
  channels: string;
  muted_until: EpochMs | null;
  /** When the count went above the threshold and the rule fired; null while it is not breached. */
  firing_since: EpochMs | null;
  last_count: number | null;
  evaluated_at: EpochMs | null;
  created_by: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}
