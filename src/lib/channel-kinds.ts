/** Notification channel kinds as people read them (alerts/alert-message.ts's channelKinds). */
export const channelKindLabels: Record<string, string> = {
  slack: "Slack",
  discord: "Discord",
  msteams: "Microsoft Teams",
  webhook: "Webhook",
};
