import type { UptimeCheckView, UptimeMonitorView } from "@/lib/views/uptime";

/**
 * Uptime monitors and checks in Sentry's shapes (telemetry-protocol.md §3.5), plus Lantern's own fields
 * (expected status range, status page) which Sentry clients ignore. `uptimeStatus` is Sentry's number: 1 ok,
 * 2 failed; `mode` 1 is a monitor made by hand.
 */
export function serializeUptimeMonitor(monitor: UptimeMonitorView) {
  return {
    id: String(monitor.id),
    projectSlug: monitor.projectSlug,
    environment: monitor.environment,
    name: monitor.name,
    status: monitor.status,
    uptimeStatus: monitor.uptimeStatus === "failed" ? 2 : 1,
    mode: 1,
    url: monitor.url,
    method: monitor.method,
    body: monitor.body,
    headers: monitor.headers,
    intervalSeconds: monitor.intervalSeconds,
    timeoutMs: monitor.timeoutMs,
    owner: null,
    traceSampling: false,
    downtimeThreshold: monitor.downtimeThreshold,
    recoveryThreshold: monitor.recoveryThreshold,
    expectedStatusMin: monitor.expectedStatusMin,
    expectedStatusMax: monitor.expectedStatusMax,
    showOnStatusPage: monitor.showOnStatusPage,
    dateCreated: new Date(monitor.createdAt).toISOString(),
  };
}

/** A check: `checkStatus` is success, failure, or failure_incident for a failure inside a downtime episode. */
export function serializeUptimeCheck(check: UptimeCheckView, monitor: UptimeMonitorView) {
  return {
    uptimeCheckId: String(check.id),
    timestamp: new Date(check.checkedAt).toISOString(),
    scheduledCheckTime: new Date(check.scheduledAt).toISOString(),
    checkStatus: check.status === "success" ? "success" : check.isInIncident ? "failure_incident" : "failure",
    checkStatusReason: check.reason,
    httpStatusCode: check.httpStatus,
    durationMs: check.durationMs,
    traceId: null,
    environment: monitor.environment,
    region: "default",
    regionName: "Lantern",
  };
}
