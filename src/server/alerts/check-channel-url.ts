import type { LanternConfig } from "../config";
import { AppError } from "../errors";
import { AlertFieldError } from "./alert-field-error";
import type { ChannelKind } from "./alert-message";
import { assertPublicWebhookUrl } from "./check-webhook-target";

/** Longer than any incoming-webhook URL Slack, Discord or Teams hands out. */
const maxUrlLength = 2048;

/**
 * A channel's URL as the sender will post to it: absolute http(s) (https for Slack, which hands out nothing
 * else), no user information, not longer than 2 KB, and — unless LANTERN_WEBHOOK_ALLOW_PRIVATE — on a public
 * address (check-webhook-target: no loopback, private, link-local or metadata targets). Returns it normalized.
 */
export async function checkChannelUrl(config: LanternConfig, kind: ChannelKind, url: unknown): Promise<string> {
  if (typeof url !== "string" || url.trim() === "") throw new AlertFieldError("url", "a URL is required");
  if (url.length > maxUrlLength) throw new AlertFieldError("url", `at most ${maxUrlLength} characters`);
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new AlertFieldError("url", "not an absolute URL");
  }
  const allowed = kind === "slack" ? ["https:"] : ["https:", "http:"];
  if (!allowed.includes(parsed.protocol)) throw new AlertFieldError("url", kind === "slack" ? "Slack webhook URLs start with https://" : "expected an http:// or https:// URL");
  if (parsed.username || parsed.password) throw new AlertFieldError("url", "user names and passwords in the URL are not supported");
  try {
    await assertPublicWebhookUrl(parsed.href, config.alerts.allowPrivateTargets);
  } catch (error) {
    if (error instanceof AppError && error.code === "bad_request" && !(error instanceof AlertFieldError)) throw new AlertFieldError("url", error.message);
    throw error;
  }
  return parsed.href;
}
