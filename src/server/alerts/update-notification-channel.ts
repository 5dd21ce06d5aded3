import { authorize, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { AlertFieldError } from "./alert-field-error";
import type { ChannelKind } from "./alert-message";
import { channelName, channelSecret } from "./channel-input";
import { checkChannelUrl } from "./check-channel-url";
import { toNotificationChannelView, type NotificationChannelView } from "./notification-channel-view";

/**
 * Changes a channel's name, URL or secret (each only when given). Kind and slug stay: rules name the slug.
 * URL and secret are write-only — the answer shows neither.
 */
export async function updateNotificationChannel(context: AccessContext, input: { channelSlug: string; name?: unknown; url?: unknown; secret?: unknown }): Promise<NotificationChannelView> {
  authorize(context, "channel.write");
  const existing = await context.db.selectFrom("notification_channels").selectAll().where("slug", "=", input.channelSlug).executeTakeFirst();
  if (!existing) throw new AppError("not_found", `No notification channel has the slug "${input.channelSlug}".`);
  const changes: { name?: string; url?: string; secret?: string } = {};
  if (input.name !== undefined) changes.name = channelName(input.name);
  if (input.url !== undefined) changes.url = await checkChannelUrl(context.config, existing.kind as ChannelKind, input.url);
  const secret = channelSecret(input.secret);
  if (secret !== null) {
    if (existing.kind !== "webhook") throw new AlertFieldError("secret", "only webhook channels sign their messages");
    changes.secret = secret;
  }
  const row = await writeTransaction(context.database, async (trx) => {
    await trx.updateTable("notification_channels").set({ ...changes, updated_at: Date.now() }).where("id", "=", existing.id).execute();
    return trx.selectFrom("notification_channels").selectAll().where("id", "=", existing.id).executeTakeFirstOrThrow();
  });
  await recordAuditEvent(context.db, context.source, {
    action: "channel.updated",
    target: `channel:${row.slug}`,
    // Which fields changed, never their values: the URL and the secret are credentials.
    data: { changed: Object.keys(changes) },
  });
  return toNotificationChannelView(row);
}
