import type { NotificationChannelView } from "../../alerts/notification-channel-view";
import type { ApiNotificationChannel } from "./alert-schemas";

export function serializeNotificationChannel(channel: NotificationChannelView): ApiNotificationChannel {
  return {
    id: String(channel.id),
    slug: channel.slug,
    name: channel.name,
    kind: channel.kind,
    urlHint: channel.urlHint,
    hasSecret: channel.hasSecret,
    dateCreated: new Date(channel.createdAt).toISOString(),
    dateUpdated: new Date(channel.updatedAt).toISOString(),
  };
}
