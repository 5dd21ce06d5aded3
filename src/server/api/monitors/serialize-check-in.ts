import type { MonitorCheckInView, MonitorStatsBucket, MonitorView } from "@/lib/views/monitors";
import { shortIdOf } from "../issues/serialize-issue";
import { serializeMonitorConfig, type ApiMonitorConfig } from "./serialize-monitor";

/** Sentry's check-in JSON (telemetry-protocol.md §3.4): `id` is the check-in's UUID, `duration` in ms. */
export interface ApiCheckIn {
  id: string;
  environment: string;
  status: string;
  duration: number | null;
  dateCreated: string;
  dateAdded: string;
  dateUpdated: string;
  dateInProgress: string | null;
  dateClock: string;
  expectedTime: string | null;
  monitorConfig: ApiMonitorConfig;
  groups: { id: string; shortId: string }[];
}

/** 32 hex digits as a UUID with dashes, as Sentry shows check-in ids. */
export function dashedUuid(hex: string): string {
  if (!/^[0-9a-f]{32}$/.test(hex)) return hex;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function serializeCheckIn(checkIn: MonitorCheckInView, monitor: MonitorView): ApiCheckIn {
  return {
    id: dashedUuid(checkIn.checkInId),
    environment: checkIn.environment,
    status: checkIn.status,
    duration: checkIn.durationMs,
    dateCreated: iso(checkIn.dateAdded)!,
    dateAdded: iso(checkIn.dateAdded)!,
    dateUpdated: iso(checkIn.dateUpdated)!,
    dateInProgress: iso(checkIn.dateInProgress),
    dateClock: iso(checkIn.dateAdded)!,
    expectedTime: iso(checkIn.expectedTime),
    monitorConfig: serializeMonitorConfig(monitor),
    groups: checkIn.issueId === null ? [] : [{ id: String(checkIn.issueId), shortId: shortIdOf(monitor.projectSlug, checkIn.issueId) }],
  };
}

/** Sentry's stats bucket: `ts` in epoch seconds, counts per status, `duration` the average in ms (0 without any). */
export interface ApiMonitorStatsBucket {
  ts: number;
  ok: number;
  error: number;
  missed: number;
  timeout: number;
  in_progress: number;
  duration: number;
}

export function serializeStatsBucket(bucket: MonitorStatsBucket): ApiMonitorStatsBucket {
  return { ts: Math.floor(bucket.ts / 1000), ok: bucket.ok, error: bucket.error, missed: bucket.missed, timeout: bucket.timeout, in_progress: bucket.inProgress, duration: bucket.durationAvg ?? 0 };
}
