import { actionIds } from "./alert-rule-ids";

/**
 * Whether a delivery target (an e-mail action, a channel) is failing, read from its newest deliveries alone:
 * the failures since its last success. Pure, so the Alerts pages, Settings → Notifications and `lantern
 * doctor` say the same thing from the same rows (alerts/list-delivery-health.ts reads them).
 */

/** The in-app docs section that says how to turn e-mail on (LANTERN_SMTP_URL). */
export const emailSetupDocsPath = "/docs/guides/alerts#smtp";

/** The few columns of an outbox row (alert_deliveries) the verdict needs. */
export interface DeliveryOutcomeRow {
  status: string;
  attempts: number;
  createdAt: number;
  responseCode: number | null;
  lastError: string | null;
}

export interface FailingDeliveries {
  /** Deliveries that failed (given up) or whose last attempt failed (retrying), since the last one sent. */
  count: number;
  /** Of those, how many are still being retried. */
  retrying: number;
  /** True when the rows read ran out before a success: there may be more than `count`. */
  isAtLeast: boolean;
  /** When the oldest of them was decided. */
  since: number;
  /** The newest failure's answer. */
  lastError: string;
  lastResponseCode: number | null;
}

/**
 * `rows` newest first. Deliveries not tried yet are skipped; the first one sent ends the run. `isTruncated`:
 * the caller's bounded read stopped before the target's oldest delivery, so a run that reaches the end of
 * `rows` may be longer. Null: nothing failing.
 */
export function failingDeliveriesOf(rows: readonly DeliveryOutcomeRow[], isTruncated: boolean): FailingDeliveries | null {
  let failing: FailingDeliveries | null = null;
  for (const row of rows) {
    if (row.status === "sent") return failing;
    const isRetrying = row.status === "pending" && row.attempts > 0;
    if (row.status !== "failed" && !isRetrying) continue;
    failing ??= { count: 0, retrying: 0, isAtLeast: false, since: row.createdAt, lastError: row.lastError ?? "no answer recorded", lastResponseCode: row.responseCode };
    failing.count += 1;
    if (isRetrying) failing.retrying += 1;
    failing.since = row.createdAt;
  }
  if (failing && isTruncated) failing.isAtLeast = true;
  return failing;
}

/** Where a failing run of deliveries went. */
export type DeliveryTarget = { kind: "email" } | { kind: "channel"; slug: string; name: string };

export interface TargetHealth {
  target: DeliveryTarget;
  failing: FailingDeliveries;
}

/** "Failing: 5 deliveries since 2026-11-29 00:10:02 UTC" — the caller formats the time. */
export function describeFailingCount(failing: FailingDeliveries): string {
  const count = `${failing.count}${failing.isAtLeast ? "+" : ""}`;
  return `${count} ${failing.count === 1 && !failing.isAtLeast ? "delivery" : "deliveries"}`;
}

/** Whether a rule's actions (Sentry's JSON, as stored) include an e-mail action. */
export function sendsEmail(actions: readonly unknown[]): boolean {
  return actions.some((action) => typeof action === "object" && action !== null && (action as { id?: unknown }).id === actionIds.email);
}
