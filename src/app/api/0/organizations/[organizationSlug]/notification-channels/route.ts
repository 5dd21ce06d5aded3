import { createNotificationChannelRoute, listNotificationChannelsRoute } from "@/server/api/routes/alert-routes";

/** /api/0/organizations/{org}/notification-channels/ — list and create notification channels. */
export const GET = listNotificationChannelsRoute;
export const POST = createNotificationChannelRoute;
