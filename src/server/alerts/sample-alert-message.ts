import type { LanternConfig } from "../config";
import type { AlertMessage } from "./alert-message";
import { absoluteMessage, buildAlertMessage } from "./build-alert-message";

/**
 * What "Send test notification" sends: a made-up issue, marked as a test in its headline and title, so a
 * channel's or a rule's receivers can be checked without waiting for a real error.
 */
export function sampleAlertMessage(config: LanternConfig, project: { id: number; slug: string; name: string }, rule: { id: number; name: string } | null, now = Date.now()): AlertMessage {
  const message = buildAlertMessage({
    reason: "test",
    headline: rule ? `Test notification for the rule "${rule.name}"` : "Test notification",
    issue: {
      id: 0,
      title: "TypeError: this is a test notification from Lantern",
      culprit: "sendTestNotification(alerts/sample-alert-message)",
      level: "error",
      status: "unresolved",
      first_seen: now,
      last_seen: now,
      times_seen: 1,
      users_seen: 1,
    },
    project,
    environment: "production",
    release: null,
    eventId: null,
    rule,
    now,
  });
  // Issue 0 does not exist: the link leads to the project's alert rules instead.
  return absoluteMessage({ ...message, issue: { ...message.issue, url: `/projects/${encodeURIComponent(project.slug)}/alerts` } }, config.publicUrl);
}
