import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import { parseFingerprintRules } from "../grouping/parse-fingerprint-rules";
import { parseStacktraceRules } from "../grouping/parse-stacktrace-rules";
import { updateProjectSettingsInput, type UpdateProjectSettingsInput } from "./schemas";

/**
 * Saves a project's grouping rules and retention. Rules are parsed first, so a syntax error is answered
 * (naming its line) instead of stored; digest applies the saved rules to the next events it groups.
 */
export async function updateProjectSettings(db: Kysely<Database>, projectId: number, input: UpdateProjectSettingsInput): Promise<void> {
  const settings = updateProjectSettingsInput.parse(input);
  checkRules("Fingerprint rules", () => parseFingerprintRules(settings.fingerprintRules));
  checkRules("Stack trace rules", () => parseStacktraceRules(settings.stacktraceRules));
  const result = await db
    .updateTable("projects")
    .set({
      fingerprint_rules: settings.fingerprintRules,
      stacktrace_rules: settings.stacktraceRules,
      retention_days: settings.retentionDays,
      max_events_per_issue: settings.maxEventsPerIssue,
    })
    .where("id", "=", projectId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("not_found", `There is no project ${projectId}.`);
}

function checkRules(name: string, parse: () => unknown): void {
  try {
    parse();
  } catch (error) {
    throw new AppError("bad_request", `${name}: ${(error as Error).message}`);
  }
}
