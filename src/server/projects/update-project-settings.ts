import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { parseFingerprintRules } from "../grouping/parse-fingerprint-rules";
import { parseStacktraceRules } from "../grouping/parse-stacktrace-rules";
import { updateProjectSettingsInput, type UpdateProjectSettingsInput } from "./schemas";

/**
 * Saves a project's grouping rules, retention and slow-query threshold. Rules are parsed first, so a syntax error is answered
 * (naming its line) instead of stored; digest applies the saved rules to the next events it groups.
 */
export async function updateProjectSettings(context: AccessContext, projectId: number, input: UpdateProjectSettingsInput): Promise<void> {
  const project = await authorizeProjectId(context, "project.update_settings", projectId);
  const { db } = context;
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
      ...(settings.slowDbQueryMs !== undefined ? { slow_db_query_ms: settings.slowDbQueryMs } : {}),
    })
    .where("id", "=", projectId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("not_found", `There is no project ${projectId}.`);
  await recordAuditEvent(db, context.source, { action: "project.settings_changed", target: `project:${project.slug}` });
}

function checkRules(name: string, parse: () => unknown): void {
  try {
    parse();
  } catch (error) {
    throw new AppError("bad_request", `${name}: ${(error as Error).message}`);
  }
}
