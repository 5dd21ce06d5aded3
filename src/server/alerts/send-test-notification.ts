import { authorize, authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import type { ChannelKind } from "./alert-message";
import { wakeAlertSender } from "./alert-sender";
import { AlertFieldError } from "./alert-field-error";
import { ruleOrFieldError } from "./check-rule-references";
import { enqueueDeliveries, type NewDelivery } from "./enqueue-deliveries";
import { findProjectRule } from "./get-alert-rule";
import { resolveEmailRecipients } from "./resolve-email-recipients";
import { actionIds, parseRule } from "./rule-schema";
import { sampleAlertMessage } from "./sample-alert-message";

/**
 * "Send test notification": a made-up issue (sample-alert-message) through the outbox, exactly as a real
 * alert travels — for a rule, to everything its actions reach now; for a channel, to that channel. The
 * deliveries show in the delivery log like any other.
 */
export async function sendTestNotification(context: AccessContext, of: { projectSlug: string; ruleId: number } | { channelSlug: string }): Promise<{ deliveries: { deliveryId: string }[] }> {
  const deliveries = "channelSlug" in of ? await channelTest(context, of.channelSlug) : await ruleTest(context, of.projectSlug, of.ruleId);
  const queued = await writeTransaction(context.database, (trx) => enqueueDeliveries(trx, deliveries.list));
  wakeAlertSender();
  await recordAuditEvent(context.db, context.source, { action: "alert.test_sent", target: deliveries.target, data: { deliveries: queued.length } });
  return { deliveries: queued.map(({ deliveryId }) => ({ deliveryId })) };
}

async function ruleTest(context: AccessContext, projectSlug: string, ruleId: number): Promise<{ list: NewDelivery[]; target: string }> {
  const { project } = await authorizeProject(context, "alert.write", projectSlug);
  const view = await findProjectRule(context.db, project.id, ruleId);
  const rule = ruleOrFieldError(parseRule(view));
  const message = sampleAlertMessage(context.config, { id: project.id, slug: project.slug, name: project.name }, { id: view.id, name: view.name });
  const list: NewDelivery[] = [];
  const base = { projectId: project.id, ruleId: view.id, issueId: null, message };
  for (const [index, action] of rule.actions.entries()) {
    if (action.id === actionIds.service) {
      const channel = await context.db.selectFrom("notification_channels").select(["id", "kind"]).where("slug", "=", action.service).executeTakeFirst();
      if (!channel) throw new AlertFieldError(`actions[${index}].service`, `no notification channel has the slug "${action.service}"`);
      list.push({ ...base, channelId: Number(channel.id), kind: channel.kind as ChannelKind, recipient: null });
      continue;
    }
    const addresses = await resolveEmailRecipients(context.db, project.id, action, { assignee_user_id: null, assignee_team_id: null });
    if (addresses.length === 0) {
      throw new AppError("bad_request", `This rule's e-mail action reaches nobody (actions[${index}]: ${action.targetType}): no one it names can see the project or wants its alert e-mail.`);
    }
    for (const address of addresses) list.push({ ...base, channelId: null, kind: "email", recipient: address });
  }
  return { list, target: `project:${project.slug}` };
}

async function channelTest(context: AccessContext, channelSlug: string): Promise<{ list: NewDelivery[]; target: string }> {
  authorize(context, "channel.write");
  const channel = await context.db.selectFrom("notification_channels").select(["id", "slug", "kind"]).where("slug", "=", channelSlug).executeTakeFirst();
  if (!channel) throw new AppError("not_found", `No notification channel has the slug "${channelSlug}".`);
  // A channel serves every project; the sample names the first real one, so its links lead somewhere.
  const project = (await context.db.selectFrom("projects").select(["id", "slug", "name"]).where("is_internal", "=", 0).orderBy("id").executeTakeFirst()) ?? { id: 0, slug: "example", name: "Example" };
  const message = sampleAlertMessage(context.config, { id: Number(project.id), slug: project.slug, name: project.name }, null);
  return { list: [{ projectId: null, ruleId: null, issueId: null, channelId: Number(channel.id), kind: channel.kind as ChannelKind, recipient: null, message }], target: `channel:${channel.slug}` };
}
