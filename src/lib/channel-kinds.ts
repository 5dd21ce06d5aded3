/** Where a notification channel posts: Slack, Discord and Teams incoming webhooks, or Lantern's signed webhook. */
export const channelKinds = ["slack", "discord", "msteams", "webhook"] as const;
export type ChannelKind = (typeof channelKinds)[number];

/** Notification channel kinds as people read them (channelKinds above). */
export const channelKindLabels: Record<string, string> = {
  slack: "Slack",
  discord: "Discord",
  msteams: "Microsoft Teams",
  webhook: "Webhook",
};
