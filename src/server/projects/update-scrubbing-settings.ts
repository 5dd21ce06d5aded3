import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { splitList } from "./load-digest-configs";
import { updateScrubbingSettingsInput, type UpdateScrubbingSettingsInput } from "./schemas";

/**
 * Saves a project's data scrubbing settings; digest applies them to the next events. Lists are stored
 * normalized, one entry per line.
 */
export async function updateScrubbingSettings(context: AccessContext, projectId: number, input: UpdateScrubbingSettingsInput): Promise<void> {
  const project = await authorizeProjectId(context, "project.update_scrubbing", projectId);
  const { db } = context;
  const settings = updateScrubbingSettingsInput.parse(input);
  const result = await db
    .updateTable("projects")
    .set({
      scrub_data: settings.isEnabled ? 1 : 0,
      scrub_extra_keys: splitList(settings.extraKeys).join("\n"),
      scrub_safe_fields: splitList(settings.safeFields).join("\n"),
      scrub_ip_addresses: settings.scrubIpAddresses ? 1 : 0,
      scrub_emails: settings.scrubEmails ? 1 : 0,
    })
    .where("id", "=", projectId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("not_found", `There is no project ${projectId}.`);
  await recordAuditEvent(db, context.source, { action: "project.scrubbing_changed", target: `project:${project.slug}`, data: { ...settings } });
}
