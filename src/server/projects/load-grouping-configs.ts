import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { GroupingConfigOf } from "../digest/digest-envelope";
import { emptyGroupingConfig, type GroupingConfig } from "../grouping/compute-grouping";
import { parseFingerprintRules } from "../grouping/parse-fingerprint-rules";
import { parseStacktraceRules } from "../grouping/parse-stacktrace-rules";

/** Parsed rules by their text: projects rarely change them, digest reads them every batch. */
const parsedByText = new Map<string, GroupingConfig>();

/**
 * The grouping configuration (fingerprint and stack-trace rules) of each project in a digest batch, read
 * once per batch so that a rule saved in the project settings applies to the next events digested.
 */
export async function loadGroupingConfigs(db: Kysely<Database>, projectIds: number[]): Promise<GroupingConfigOf> {
  const configs = new Map<number, GroupingConfig>();
  if (projectIds.length > 0) {
    const rows = await db.selectFrom("projects").select(["id", "fingerprint_rules", "stacktrace_rules"]).where("id", "in", [...new Set(projectIds)]).execute();
    for (const row of rows) configs.set(row.id, parseGroupingConfig(row.fingerprint_rules, row.stacktrace_rules));
  }
  return (projectId) => configs.get(projectId) ?? emptyGroupingConfig;
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
    if (parsedByText.size > 1000) parsedByText.clear();
    parsedByText.set(text, config);
  }
  return config;
}
