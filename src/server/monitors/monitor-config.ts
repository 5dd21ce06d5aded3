import { z } from "zod";
import { crontabProblem, intervalUnits, isKnownTimezone, type MonitorSchedule } from "@/lib/monitor-schedule";

/** Sentry's limits: margins and runtimes in minutes up to 28 days. */
export const maxMonitorMinutes = 40_320;
export const defaultCheckinMarginMinutes = 1;
export const defaultMaxRuntimeMinutes = 30;

/** What a monitor's `monitor_config` sets, validated; what it leaves out keeps its current (or default) value. */
export interface MonitorConfigInput {
  /** A crontab's time zone is the one sent, else UTC; `timezone` says whether one was sent. */
  schedule: MonitorSchedule;
  timezone: string | null;
  checkinMargin: number | null;
  maxRuntime: number | null;
  failureIssueThreshold: number | null;
  recoveryThreshold: number | null;
  owner: string | null;
}

const minutes = z.number().int().min(0).max(maxMonitorMinutes).nullish();
const threshold = z.number().int().min(1).max(720).nullish();

/** The envelope's (and the HTTP check-in's JSON body's) `monitor_config`, as the SDKs send it. */
const EnvelopeMonitorConfig = z.looseObject({
  schedule: z.discriminatedUnion("type", [
    z.looseObject({ type: z.literal("crontab"), value: z.string().max(100) }),
    z.looseObject({ type: z.literal("interval"), value: z.number().int().min(1).max(1_000_000), unit: z.enum(intervalUnits) }),
  ]),
  checkin_margin: minutes,
  max_runtime: minutes,
  timezone: z.string().max(64).nullish(),
  failure_issue_threshold: threshold,
  recovery_threshold: threshold,
  owner: z.string().max(200).nullish(),
});

/** Reads a check-in's `monitor_config`; throws with Sentry-like reasons for what cannot be a schedule. */
export function readMonitorConfig(value: unknown): MonitorConfigInput {
  const parsed = EnvelopeMonitorConfig.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`invalid monitor_config${issue.path.length > 0 ? `.${issue.path.join(".")}` : ""}: ${issue.message}`);
  }
  const config = parsed.data;
  const timezone = config.timezone ?? "UTC";
  if (!isKnownTimezone(timezone)) throw new Error(`invalid monitor_config.timezone: unknown time zone ${timezone.slice(0, 64)}`);
  let schedule: MonitorSchedule;
  if (config.schedule.type === "crontab") {
    const problem = crontabProblem(config.schedule.value);
    if (problem) throw new Error(`invalid monitor_config.schedule: ${problem}`);
    schedule = { type: "crontab", crontab: config.schedule.value.trim(), timezone };
  } else {
    schedule = { type: "interval", value: config.schedule.value, unit: config.schedule.unit };
  }
  return {
    schedule,
    timezone: config.timezone ?? null,
    checkinMargin: config.checkin_margin ?? null,
    maxRuntime: config.max_runtime ?? null,
    failureIssueThreshold: config.failure_issue_threshold ?? null,
    recoveryThreshold: config.recovery_threshold ?? null,
    owner: config.owner ?? null,
  };
}

/** The `monitors` columns that store a schedule (scheduleOf reads them back). */
export function scheduleColumns(schedule: MonitorSchedule): { schedule_type: string; schedule: string; schedule_unit: string | null } {
  return schedule.type === "crontab"
    ? { schedule_type: "crontab", schedule: schedule.crontab, schedule_unit: null }
    : { schedule_type: "interval", schedule: String(schedule.value), schedule_unit: schedule.unit };
}

/** A stored monitor's schedule; an interval's count or unit the row cannot hold reads as 1 minute. */
export function scheduleOf(monitor: { schedule_type: string; schedule: string; schedule_unit: string | null; timezone: string }): MonitorSchedule {
  if (monitor.schedule_type === "crontab") return { type: "crontab", crontab: monitor.schedule, timezone: monitor.timezone || "UTC" };
  const unit = intervalUnits.find((known) => known === monitor.schedule_unit) ?? "minute";
  const value = Number(monitor.schedule);
  return { type: "interval", value: Number.isInteger(value) && value > 0 ? value : 1, unit };
}

/** The monitor's margin and maximum runtime in milliseconds, with Sentry's defaults. */
export function marginMs(monitor: { checkin_margin: number | null }): number {
  return Math.max(monitor.checkin_margin ?? defaultCheckinMarginMinutes, 1) * 60_000;
}

export function maxRuntimeMs(monitor: { max_runtime: number | null }): number {
  return Math.max(monitor.max_runtime ?? defaultMaxRuntimeMinutes, 1) * 60_000;
}
