/** Uptime monitors as pages and the API show them; every text came from a person or a site and renders as text. */

export const uptimeIntervals = [60, 300, 600, 1200, 1800, 3600] as const;
export const uptimeMethods = ["GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"] as const;
export type UptimeMethod = (typeof uptimeMethods)[number];
/** Why a check failed: no address, no connection, no TLS handshake, no answer in time, an unexpected status, or a target the SSRF policy refuses. */
export const uptimeFailureReasons = ["dns", "connect", "tls", "timeout", "status", "refused"] as const;
export type UptimeFailureReason = (typeof uptimeFailureReasons)[number];

export interface UptimeMonitorView {
  id: number;
  projectId: number;
  projectSlug: string;
  name: string;
  url: string;
  method: UptimeMethod;
  headers: [string, string][];
  body: string | null;
  intervalSeconds: number;
  timeoutMs: number;
  expectedStatusMin: number;
  expectedStatusMax: number;
  environment: string | null;
  status: "active" | "disabled";
  uptimeStatus: "ok" | "failed";
  downtimeThreshold: number;
  recoveryThreshold: number;
  showOnStatusPage: boolean;
  lastCheckAt: number | null;
  nextCheckAt: number | null;
  createdAt: number;
}

export interface UptimeCheckView {
  id: number;
  scheduledAt: number;
  checkedAt: number;
  status: "success" | "failure";
  reason: UptimeFailureReason | null;
  httpStatus: number | null;
  durationMs: number | null;
  /** Whether this failure fell inside a downtime episode (Sentry's `failure_incident`). */
  isInIncident: boolean;
}

export interface UptimeIncidentView {
  id: number;
  startedAt: number;
  resolvedAt: number | null;
  reason: UptimeFailureReason | null;
  issueId: number | null;
}

/** Share of successful checks, null when there were none. */
export interface UptimeSummary {
  last24h: number | null;
  last7d: number | null;
  last30d: number | null;
}

/** One hour of checks: the response-time chart and the uptime bars. */
export interface UptimeHourView {
  hour: number;
  checks: number;
  failures: number;
  averageDurationMs: number | null;
}

export interface UptimeMonitorListItem extends UptimeMonitorView {
  lastCheck: UptimeCheckView | null;
  uptime24h: number | null;
}

export interface UptimeMonitorPage {
  monitor: UptimeMonitorView;
  uptime: UptimeSummary;
  checks: UptimeCheckView[];
  hours: UptimeHourView[];
  incidents: UptimeIncidentView[];
}

export interface StatusPageSettingsView {
  projectSlug: string;
  isEnabled: boolean;
  title: string;
}

export interface PublicStatusMonitor {
  name: string;
  uptimeStatus: "ok" | "failed";
  uptime90d: number | null;
  incidents: { startedAt: number; resolvedAt: number | null }[];
}

export interface PublicStatusPage {
  title: string;
  monitors: PublicStatusMonitor[];
}

/** "99.95 %", or an en dash when nothing was checked. */
export function formatUptime(share: number | null): string {
  if (share === null) return "–";
  const percent = share * 100;
  if (percent === 100) return "100 %";
  return `${percent >= 99.99 ? percent.toFixed(3) : percent.toFixed(2)} %`;
}

export function describeInterval(seconds: number): string {
  return seconds < 3600 ? `every ${seconds / 60} min` : "every hour";
}

export const uptimeReasonWords: Record<UptimeFailureReason, string> = {
  dns: "DNS lookup failed",
  connect: "connection failed",
  tls: "TLS handshake failed",
  timeout: "timed out",
  status: "unexpected status",
  refused: "refused target (private address)",
};
