import type { MonitorEnvironmentView, MonitorView } from "@/lib/views/monitors";

/** Sentry's monitor `config` (telemetry-protocol.md §3.4): schedule as a crontab or `[count, "unit"]`. */
export interface ApiMonitorConfig {
  schedule_type: "crontab" | "interval";
  schedule: string | [number, string];
  checkin_margin: number | null;
  max_runtime: number | null;
  timezone: string;
  failure_issue_threshold: number;
  recovery_threshold: number;
  alert_rule_id: null;
}

export interface ApiMonitorEnvironment {
  name: string;
  status: string;
  isMuted: boolean;
  dateCreated: string;
  lastCheckIn: string | null;
  nextCheckIn: string | null;
  nextCheckInLatest: string | null;
  activeIncident: { startingTimestamp: string } | null;
}

export interface ApiMonitor {
  id: string;
  slug: string;
  name: string;
  status: "active" | "disabled";
  isMuted: boolean;
  isUpserting: false;
  type: "cron_job";
  dateCreated: string;
  project: { id: string; slug: string; name: string };
  owner: null;
  config: ApiMonitorConfig;
  environments: ApiMonitorEnvironment[];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function serializeMonitorConfig(monitor: MonitorView): ApiMonitorConfig {
  const schedule = monitor.schedule;
  return {
    schedule_type: schedule.type,
    schedule: schedule.type === "crontab" ? schedule.crontab : [schedule.value, schedule.unit],
    checkin_margin: monitor.checkinMargin,
    max_runtime: monitor.maxRuntime,
    timezone: monitor.timezone,
    failure_issue_threshold: monitor.failureIssueThreshold,
    recovery_threshold: monitor.recoveryThreshold,
    alert_rule_id: null,
  };
}

function serializeEnvironment(environment: MonitorEnvironmentView): ApiMonitorEnvironment {
  return {
    name: environment.name,
    status: environment.status,
    isMuted: environment.isMuted,
    dateCreated: iso(environment.createdAt)!,
    lastCheckIn: iso(environment.lastCheckInAt),
    nextCheckIn: iso(environment.nextCheckInAt),
    nextCheckInLatest: iso(environment.nextCheckInLatest),
    activeIncident: environment.incidentStartedAt === null ? null : { startingTimestamp: iso(environment.incidentStartedAt)! },
  };
}

export function serializeMonitor(monitor: MonitorView): ApiMonitor {
  return {
    id: String(monitor.id),
    slug: monitor.slug,
    name: monitor.name,
    status: monitor.status,
    isMuted: monitor.isMuted,
    isUpserting: false,
    type: "cron_job",
    dateCreated: iso(monitor.createdAt)!,
    project: { id: String(monitor.projectId), slug: monitor.projectSlug, name: monitor.projectName },
    owner: null,
    config: serializeMonitorConfig(monitor),
    // No `alertRule`: Sentry leaves it out when a monitor has none, and its MCP server refuses a null there.
    environments: monitor.environments.map(serializeEnvironment),
  };
}
