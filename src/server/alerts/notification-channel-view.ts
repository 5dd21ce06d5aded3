import type { Selectable } from "kysely";
import type { NotificationChannelsTable } from "../db/schema";
import { channelKinds, type ChannelKind } from "./alert-message";
import type { NotificationChannelView } from "@/lib/views/alerts";
export type { NotificationChannelView } from "@/lib/views/alerts";

export type NotificationChannelRow = Selectable<NotificationChannelsTable>;

export function toNotificationChannelView(row: NotificationChannelRow): NotificationChannelView {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    kind: (channelKinds as readonly string[]).includes(row.kind) ? (row.kind as ChannelKind) : "webhook",
    urlHint: maskWebhookUrl(row.url),
    hasSecret: row.secret !== null && row.secret !== "",
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** Scheme and host (never user information), then `/…/` and the last four characters of the rest, if it is long enough to hide. */
export function maskWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "…";
  }
  const rest = `${parsed.pathname}${parsed.search}`.replace(/^\/+/, "");
  const origin = `${parsed.protocol}//${parsed.host}`;
  if (rest.length === 0) return `${origin}/`;
  return rest.length > 8 ? `${origin}/…/${rest.slice(-4)}` : `${origin}/…`;
}
