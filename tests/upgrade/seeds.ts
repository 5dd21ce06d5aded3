import type { UpgradeSeed } from "./seed-world";
import * as initial from "./seeds/0001-initial";
import * as ingestAndDigest from "./seeds/0002-ingest-and-digest";
import * as issues from "./seeds/0003-issues";
import * as issueSearch from "./seeds/0004-issue-search";
import * as dataScrubbing from "./seeds/0005-data-scrubbing";
import * as listSortIndexes from "./seeds/0006-list-sort-indexes";
import * as accounts from "./seeds/0007-accounts";
import * as statusLastSeenIndex from "./seeds/0008-status-last-seen-index";
import * as intakeBodies from "./seeds/0009-intake-bodies";
import * as rawEnvelopeRetention from "./seeds/0010-raw-envelope-retention";
import * as retentionIndexes from "./seeds/0011-retention-indexes";
import * as incrementalVacuum from "./seeds/0012-incremental-vacuum";
import * as sourceMaps from "./seeds/0013-source-maps";
import * as alerts from "./seeds/0014-alerts";
import * as projectTagValues from "./seeds/0015-project-tag-values";
import * as savedSearches from "./seeds/0016-saved-searches";
import * as ownership from "./seeds/0017-ownership";
import * as eventTraceIds from "./seeds/0018-event-trace-ids";
import * as instanceLeases from "./seeds/0019-instance-leases";
import * as spans from "./seeds/0020-spans";
import * as webVitals from "./seeds/0021-web-vitals";
import * as slowDbQueryThreshold from "./seeds/0022-slow-db-query-threshold";
import * as spanRollups from "./seeds/0023-span-rollups";
import * as logs from "./seeds/0024-logs";
import * as savedSearchKind from "./seeds/0025-saved-search-kind";
import * as logAlertRules from "./seeds/0026-log-alert-rules";
import * as logsSeverityTokensTimeBrin from "./seeds/0027-logs-severity-tokens-time-brin";
import * as feedback from "./seeds/0028-feedback";
import * as releaseSessions from "./seeds/0029-release-sessions";
import * as releaseCommits from "./seeds/0030-release-commits";
import * as environmentPreference from "./seeds/0031-environment-preference";
import * as sessionCountsTimeIndexes from "./seeds/0032-session-counts-time-indexes";
import * as cronMonitors from "./seeds/0033-cron-monitors";
import * as uptimeMonitors from "./seeds/0034-uptime-monitors";
import * as mcpOAuth from "./seeds/0035-mcp-oauth";
import * as replays from "./seeds/0036-replays";

/**
 * One seed per migration, keyed by the migration's name in src/server/db/migrate.ts, each in seeds/ under
 * that name (as the migrations are in src/server/db/migrations/).
 *
 * WHOEVER ADDS A MIGRATION ADDS ITS SEED HERE: upgrade-from-every-version.db.test.ts fails, naming the
 * migration, while one is missing. A seed's `seed` writes what a database at that version realistically
 * holds — with plain SQL of that version's schema (seed-sql.ts), never today's typed queries, on top of the
 * rows of every earlier seed, which it may look up by their natural keys (slugs, event ids, e-mails,
 * seed-world.ts). Its `check` reads those rows back after the upgrade to the newest version, through
 * today's verbs as the dashboard, the API and the CLI call them. A migration that only adds indexes still
 * gets a seed: data of the shape its index serves, read back the way that index is used.
 */
export const upgradeSeeds: Record<string, UpgradeSeed> = {
  "0001-initial": initial,
  "0002-ingest-and-digest": ingestAndDigest,
  "0003-issues": issues,
  "0004-issue-search": issueSearch,
  "0005-data-scrubbing": dataScrubbing,
  "0006-list-sort-indexes": listSortIndexes,
  "0007-accounts": accounts,
  "0008-status-last-seen-index": statusLastSeenIndex,
  "0009-intake-bodies": intakeBodies,
  "0010-raw-envelope-retention": rawEnvelopeRetention,
  "0011-retention-indexes": retentionIndexes,
  "0012-incremental-vacuum": incrementalVacuum,
  "0013-source-maps": sourceMaps,
  "0014-alerts": alerts,
  "0015-project-tag-values": projectTagValues,
  "0016-saved-searches": savedSearches,
  "0017-ownership": ownership,
  "0018-event-trace-ids": eventTraceIds,
  "0019-instance-leases": instanceLeases,
  "0020-spans": spans,
  "0021-web-vitals": webVitals,
  "0022-slow-db-query-threshold": slowDbQueryThreshold,
  "0023-span-rollups": spanRollups,
  "0024-logs": logs,
  "0025-saved-search-kind": savedSearchKind,
  "0026-log-alert-rules": logAlertRules,
  "0027-logs-severity-tokens-time-brin": logsSeverityTokensTimeBrin,
  "0028-feedback": feedback,
  "0029-release-sessions": releaseSessions,
  "0030-release-commits": releaseCommits,
  "0031-environment-preference": environmentPreference,
  "0032-session-counts-time-indexes": sessionCountsTimeIndexes,
  "0033-cron-monitors": cronMonitors,
  "0034-uptime-monitors": uptimeMonitors,
  "0035-mcp-oauth": mcpOAuth,
  "0036-replays": replays,
};
