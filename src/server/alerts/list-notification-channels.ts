import { authorize, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { toNotificationChannelView, type NotificationChannelView } from "./notification-channel-view";

/** Every notification channel of the instance, by name (what the rule form offers; never a URL or secret). */
export async function listNotificationChannels(context: AccessContext): Promise<NotificationChannelView[]> {
  authorize(context, "channel.list");
  const rows = await context.db.selectFrom("notification_channels").selectAll().orderBy("name").orderBy("id").execute();
  return rows.map(toNotificationChannelView);
}

/** One channel by its slug. */
export async function getNotificationChannel(context: AccessContext, input: { channelSlug: string }): Promise<NotificationChannelView> {
  authorize(context, "channel.list");
  const row = await context.db.selectFrom("notification_channels").selectAll().where("slug", "=", input.channelSlug).executeTakeFirst();
  if (!row) throw new AppError("not_found", `No notification channel has the slug "${input.channelSlug}".`);
  return toNotificationChannelView(row);
}
