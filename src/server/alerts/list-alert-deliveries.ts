import { authorize, authorizeProject, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { findProjectRule } from "./get-alert-rule";
import type { AlertDeliveryAttemptView, AlertDeliveryView } from "@/lib/views/alerts";
export type { AlertDeliveryAttemptView, AlertDeliveryView } from "@/lib/views/alerts";

export type DeliveryLogOf = { projectSlug: string; ruleId: number } | { channelSlug: string };

const defaultLimit = 50;
const maxLimit = 200;

/**
 * The newest deliveries of a rule (anyone who sees its project) or of a channel (owners and admins: a channel
 * serves every project, so its log shows issues of all of them), each with its attempts.
 */
export async function listAlertDeliveries(context: AccessContext, of: DeliveryLogOf, options: { limit?: number } = {}): Promise<AlertDeliveryView[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? defaultLimit) || defaultLimit, 1), maxLimit);
  let query = context.db
    .selectFrom("alert_deliveries")
    .leftJoin("notification_channels", "notification_channels.id", "alert_deliveries.channel_id")
    .select([
      "alert_deliveries.id",
      "alert_deliveries.delivery_id",
      "alert_deliveries.created_at",
      "alert_deliveries.issue_id",
      "alert_deliveries.kind",
      "alert_deliveries.recipient",
      "alert_deliveries.reason",
      "alert_deliveries.message",
      "alert_deliveries.status",
      "alert_deliveries.attempts",
      "alert_deliveries.response_code",
      "alert_deliveries.last_error",
      "alert_deliveries.finished_at",
      "notification_channels.slug as channel_slug",
      "notification_channels.name as channel_name",
    ]);
  if ("channelSlug" in of) {
    authorize(context, "channel.write");
    const channel = await context.db.selectFrom("notification_channels").select("id").where("slug", "=", of.channelSlug).executeTakeFirst();
    if (!channel) throw new AppError("not_found", `No notification channel has the slug "${of.channelSlug}".`);
    query = query.where("alert_deliveries.channel_id", "=", channel.id);
  } else {
    const { project } = await authorizeProject(context, "alert.list", of.projectSlug);
    const rule = await findProjectRule(context.db, project.id, of.ruleId);
    query = query.where("alert_deliveries.rule_id", "=", rule.id).where("alert_deliveries.project_id", "=", project.id);
  }
  const rows = await query.orderBy("alert_deliveries.created_at", "desc").orderBy("alert_deliveries.id", "desc").limit(limit).execute();
  if (rows.length === 0) return [];
  const attempts = await context.db
    .selectFrom("alert_delivery_attempts")
    .select(["delivery_id", "attempted_at", "response_code", "error", "duration_ms"])
    .where(
      "delivery_id",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("attempted_at")
    .orderBy("id")
    .execute();
  const logs = new Map<number, AlertDeliveryAttemptView[]>();
  for (const attempt of attempts) {
    const log = logs.get(Number(attempt.delivery_id)) ?? [];
    log.push({ attemptedAt: Number(attempt.attempted_at), responseCode: attempt.response_code, error: attempt.error, durationMs: Number(attempt.duration_ms) });
    logs.set(Number(attempt.delivery_id), log);
  }
  return rows.map((row) => ({
    id: Number(row.id),
    deliveryId: row.delivery_id,
    createdAt: Number(row.created_at),
    issueId: row.issue_id === null ? null : Number(row.issue_id),
    issueTitle: titleOf(row.message),
    kind: row.kind,
    recipient: row.recipient,
    channel: row.channel_slug === null || row.channel_name === null ? null : { slug: row.channel_slug, name: row.channel_name },
    reason: row.reason,
    status: row.status,
    attempts: Number(row.attempts),
    responseCode: row.response_code,
    lastError: row.last_error,
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    attemptLog: logs.get(Number(row.id)) ?? [],
  }));
}

/** The issue title the message was written with (the outbox keeps the message as JSON). */
function titleOf(message: string): string {
  try {
    const parsed = JSON.parse(message) as { issue?: { title?: unknown } };
    return typeof parsed.issue?.title === "string" ? parsed.issue.title : "";
  } catch {
    return "";
  }
}
