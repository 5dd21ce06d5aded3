import { deleteNotificationChannelRoute, notificationChannelRoute, updateNotificationChannelRoute } from "@/server/api/routes/alert-routes";

/** /api/0/organizations/{org}/notification-channels/{slug}/ — read, change and delete a notification channel. */
export const GET = notificationChannelRoute;
export const PUT = updateNotificationChannelRoute;
export const DELETE = deleteNotificationChannelRoute;
