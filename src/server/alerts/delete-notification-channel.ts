import { authorize, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { actionIds } from "./rule-schema";

/**
 * Deletes a channel no rule uses (409 naming the rules that do: a rule whose channel vanished would fire into
 * nothing). Its queued deliveries and their log go with it.
 */
export async function deleteNotificationChannel(context: AccessContext, input: { channelSlug: string }): Promise<void> {
  authorize(context, "channel.write");
  const channel = await writeTransaction(context.database, async (trx) => {
    const row = await trx.selectFrom("notification_channels").select(["id", "slug", "name"]).where("slug", "=", input.channelSlug).executeTakeFirst();
    if (!row) throw new AppError("not_found", `No notification channel has the slug "${input.channelSlug}".`);
    const users = await rulesUsingChannel(trx, row.slug);
    if (users.length > 0) {
      const names = users.map((rule) => `“${rule.name}” (${rule.projectSlug})`).join(", ");
      throw new AppError("conflict", `Rules still send to “${row.name}”: ${names}. Change or delete them first.`);
    }
    await trx.deleteFrom("alert_deliveries").where("channel_id", "=", row.id).execute();
    await trx.deleteFrom("notification_channels").where("id", "=", row.id).execute();
    return row;
  });
  await recordAuditEvent(context.db, context.source, { action: "channel.deleted", target: `channel:${channel.slug}`, data: { name: channel.name } });
}

async function rulesUsingChannel(trx: Parameters<Parameters<typeof writeTransaction>[1]>[0], slug: string): Promise<{ name: string; projectSlug: string }[]> {
  // The slug appears in the stored JSON of every rule that sends to it; the LIKE only narrows what is parsed.
  const candidates = await trx
    .selectFrom("alert_rules")
    .innerJoin("projects", "projects.id", "alert_rules.project_id")
    .select(["alert_rules.name", "alert_rules.actions", "projects.slug as projectSlug"])
    .where("alert_rules.actions", "like", `%${slug}%`)
    .orderBy("alert_rules.id")
    .execute();
  const issueRules = candidates.filter((rule) => {
    const actions: unknown = JSON.parse(rule.actions);
    return Array.isArray(actions) && actions.some((action) => isServiceAction(action) && action.service.trim() === slug);
  });
  const logRules = await trx
    .selectFrom("log_alert_rules")
    .innerJoin("projects", "projects.id", "log_alert_rules.project_id")
    .select(["log_alert_rules.name", "log_alert_rules.channels", "projects.slug as projectSlug"])
    .where("log_alert_rules.channels", "like", `%${slug}%`)
    .orderBy("log_alert_rules.id")
    .execute();
  const logUsers = logRules.filter((rule) => {
    const channels: unknown = JSON.parse(rule.channels);
    return Array.isArray(channels) && channels.includes(slug);
  });
  return [...issueRules, ...logUsers];
}

function isServiceAction(action: unknown): action is { id: string; service: string } {
  return typeof action === "object" && action !== null && (action as { id?: unknown }).id === actionIds.service && typeof (action as { service?: unknown }).service === "string";
}
