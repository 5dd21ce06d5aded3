import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/schema";
import { defaultScrubSettings, type ScrubSettings } from "../digest/scrub-event";
import { emptyGroupingConfig, type GroupingConfig } from "../grouping/compute-grouping";
import { parseFingerprintRules } from "../grouping/parse-fingerprint-rules";
import { parseStacktraceRules } from "../grouping/parse-stacktrace-rules";

/** What digest applies to a project's events: its grouping rules and its data scrubbing settings. */
export interface ProjectDigestConfig {
  grouping: GroupingConfig;
  scrubbing: ScrubSettings;
  /** A db SELECT span longer than this (µs) is an occurrence of a slow database query issue. */
  slowDbQueryUs: number;
}

/** Sentry's default threshold for slow DB queries (telemetry-protocol.md §5). */
export const defaultSlowDbQueryMs = 500;

export type DigestConfigOf = (projectId: number) => ProjectDigestConfig;

const defaultDigestConfig: ProjectDigestConfig = { grouping: emptyGroupingConfig, scrubbing: defaultScrubSettings, slowDbQueryUs: defaultSlowDbQueryMs * 1000 };

/**
 * Parsed rules by their text: projects rarely change them, digest reads them every batch. Each text may
 * be 200,000 characters (two fields of 100,000), and every edit is a new text: bounded by count and by
 * characters (4 million, 8 MB of two-byte text, plus the parsed rules).
 */
export const parsedByText = new LRUCache<string, GroupingConfig>({ max: 1_000, maxSize: 4_000_000, sizeCalculation: (_, text) => text.length });

/**
 * The digest configuration of each project in a batch, read once per batch so that rules or scrubbing
 * settings saved in the project settings apply to the next events digested.
 */
export async function loadDigestConfigs(db: Kysely<Database>, projectIds: number[]): Promise<DigestConfigOf> {
  const configs = new Map<number, ProjectDigestConfig>();
  if (projectIds.length > 0) {
    const rows = await db
      .selectFrom("projects")
      .select(["id", "fingerprint_rules", "stacktrace_rules", "scrub_data", "scrub_extra_keys", "scrub_safe_fields", "scrub_ip_addresses", "scrub_emails", "slow_db_query_ms"])
      .where("id", "in", [...new Set(projectIds)])
      .execute();
    for (const row of rows) {
      configs.set(row.id, {
        grouping: parseGroupingConfig(row.fingerprint_rules, row.stacktrace_rules),
        scrubbing: {
          isEnabled: row.scrub_data === 1,
          extraKeys: splitList(row.scrub_extra_keys),
          safeFields: splitList(row.scrub_safe_fields),
          scrubIpAddresses: row.scrub_ip_addresses === 1,
          scrubEmails: row.scrub_emails === 1,
        },
        slowDbQueryUs: (row.slow_db_query_ms ?? defaultSlowDbQueryMs) * 1000,
      });
    }
  }
  return (projectId) => configs.get(projectId) ?? defaultDigestConfig;
}

/** Only the grouping rules (the issue page's "why grouped this way"). */
export async function loadGroupingConfigs(db: Kysely<Database>, projectIds: number[]): Promise<(projectId: number) => GroupingConfig> {
  const configOf = await loadDigestConfigs(db, projectIds);
  return (projectId) => configOf(projectId).grouping;
}

/** Settings lists are written one per line or comma-separated. */
export function splitList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function parseGroupingConfig(fingerprintRules: string, stacktraceRules: string): GroupingConfig {
  const text = `${fingerprintRules}\u0000${stacktraceRules}`;
  let config = parsedByText.get(text);
  if (!config) {
    try {
      config = { fingerprintRules: parseFingerprintRules(fingerprintRules), stacktraceRules: parseStacktraceRules(stacktraceRules) };
    } catch (error) {
      // Rules are validated when saved; one that no longer parses must not stop digest.
      console.error("lantern: a project's grouping rules do not parse; grouping without them", error);
      config = emptyGroupingConfig;
    }
    parsedByText.set(text, config);
  }
  return config;
}
