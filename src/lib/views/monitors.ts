import type { IntervalUnit, MonitorSchedule } from "../monitor-schedule";

export type MonitorStatus = "active" | "disabled";
/** Per environment: active (no check-in yet), ok, error. */
export type MonitorEnvironmentStatus = "active" | "ok" | "error";
export const checkInStatuses = ["ok", "error", "missed", "timeout", "in_progress"] as const;
export type CheckInStatus = (typeof checkInStatuses)[number];

/** A monitor in one environment: its state as the scheduler keeps it. */
export interface MonitorEnvironmentView {
  id: number;
  name: string;
  status: MonitorEnvironmentStatus;
  isMuted: boolean;
  lastCheckInAt: number | null;
  /** When the next check-in is expected; null until the first one arrives (nothing is missed before). */
  nextCheckInAt: number | null;
  /** The expected time plus the margin: without a check-in by then, it is missed. */
  nextCheckInLatest: number | null;
  failures: number;
  /** When the open incident began; null when none is open. */
  incidentStartedAt: number | null;
  createdAt: number;
}

/** A cron monitor as pages and the API show it; its name and slug came from outside and render as text. */
export interface MonitorView {
  id: number;
  projectId: number;
  projectSlug: string;
  projectName: string;
  slug: string;
  name: string;
  status: MonitorStatus;
  isMuted: boolean;
  schedule: MonitorSchedule;
  /** The schedule in words ("*\/5 * * * * (UTC)", "every 10 minutes"). */
  scheduleText: string;
  /** Minutes; null means Sentry's default (1). */
  checkinMargin: number | null;
  /** Minutes; null means Sentry's default (30). */
  maxRuntime: number | null;
  timezone: string;
  failureIssueThreshold: number;
  recoveryThreshold: number;
  owner: string | null;
  createdAt: number;
  updatedAt: number;
  environments: MonitorEnvironmentView[];
}

/** One check-in of a monitor. */
export interface MonitorCheckInView {
  id: number;
  /** 32 lowercase hex digits. */
  checkInId: string;
  environment: string;
  status: CheckInStatus;
  durationMs: number | null;
  dateAdded: number;
  dateUpdated: number;
  dateInProgress: number | null;
  expectedTime: number | null;
  traceId: string | null;
  release: string | null;
  /** The cron issue this failure was counted on. */
  issueId: number | null;
}

/** Check-ins of one time bucket, per status, and their average duration. */
export interface MonitorStatsBucket {
  /** The bucket's start, epoch ms. */
  ts: number;
  ok: number;
  error: number;
  missed: number;
  timeout: number;
  inProgress: number;
  /** Average duration in ms of the bucket's check-ins that report one; null when none does. */
  durationAvg: number | null;
}

/** An issue a monitor's failures opened. */
export interface MonitorIssueView {
  id: number;
  title: string;
  status: string;
  lastSeen: number;
  count: number;
}

/** The create and edit forms' fields, as typed (so a refused form shows them again). */
export interface MonitorFormValues {
  name: string;
  slug: string;
  scheduleType: "crontab" | "interval";
  crontab: string;
  intervalValue: string;
  intervalUnit: IntervalUnit;
  timezone: string;
  checkinMargin: string;
  maxRuntime: string;
  failureIssueThreshold: string;
  recoveryThreshold: string;
  status: MonitorStatus;
  isMuted: boolean;
}
