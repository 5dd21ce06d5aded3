import { ownValue } from "@/lib/own-value";

/**
 * Envelope item type → the data category SDKs use for rate limits (sentry-protocol §3.3). A message-only
 * event is `error` to the SDK but `default` to Relay, so the two are limited together.
 */
const categoryByItemType: Record<string, string> = {
  event: "error",
  transaction: "transaction",
  attachment: "attachment",
  session: "session",
  sessions: "session",
  user_report: "default",
  feedback: "feedback",
  profile: "profile",
  profile_chunk: "profile_chunk",
  replay_event: "replay",
  replay_recording: "replay",
  replay_video: "replay",
  check_in: "monitor",
  span: "span",
  log: "log_item",
  trace_metric: "trace_metric",
  statsd: "metric_bucket",
  raw_security: "security",
  security: "security",
};

/** null for items that are never limited (client reports) or that Lantern does not know. */
export function dataCategoryOf(itemType: string): string | null {
  return ownValue(categoryByItemType, itemType) ?? null;
}

/** The categories a limit on `category` names in X-Sentry-Rate-Limits. */
export function limitedCategoriesFor(category: string): string[] {
  return category === "error" || category === "default" ? ["default", "error"] : [category];
}
