import { z } from "zod";
import { slugify } from "@/lib/slugify";
import { crontabProblem, intervalUnits, isKnownTimezone, type IntervalUnit, type MonitorSchedule } from "@/lib/monitor-schedule";
import type { MonitorFormValues, MonitorStatus, MonitorView } from "@/lib/views/monitors";
import { AppError } from "../errors";

/** A monitor's settings once checked: what create-monitor inserts and update-monitor writes. */
export interface MonitorSettings {
  name: string;
  slug: string;
  status: MonitorStatus;
  isMuted: boolean;
  schedule: MonitorSchedule;
  /** A crontab's time zone (kept for interval schedules too, as Sentry does). */
  timezone: string;
  checkinMargin: number | null;
  maxRuntime: number | null;
  failureIssueThreshold: number;
  recoveryThreshold: number;
}

/** The same fields before checking: each may be missing (an update keeps what it does not name). */
export type MonitorChanges = { [Key in keyof MonitorSettings]?: unknown } & { scheduleType?: unknown; crontab?: unknown; intervalValue?: unknown; intervalUnit?: unknown; timezone?: unknown };

/** Sentry's limits: max_runtime 1–40320 minutes (28 days); the margin the same; thresholds up to 720. */
const maxMinutes = 40_320;
const maxThreshold = 720;

/** A whole number from JSON or a form field (digits). */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value),
    z.number({ message: "must be a whole number" }).int("must be a whole number").min(min, `must be at least ${min}`).max(max, `must be at most ${max.toLocaleString("en-US")}`),
  );
/** Minutes, or none ("" on the form, null in JSON): the default applies. */
const optionalMinutes = () => z.preprocess((value) => (value === "" ? null : value), wholeNumber(1, maxMinutes).nullable());

const SettingsSchema = z
  .object({
    name: z.string().trim().min(1, "a name is required").max(128, "the name has at most 128 characters"),
    slug: z
      .string()
      .trim()
      .max(50, "the slug has at most 50 characters")
      .regex(/^[a-z0-9_-]*$/, "the slug has only lowercase letters, digits, - and _")
      .refine((slug) => !/^\d+$/.test(slug), "the slug cannot be only digits"),
    status: z.enum(["active", "disabled"], { message: "status is active or disabled" }),
    isMuted: z.boolean({ message: "isMuted is true or false" }),
    scheduleType: z.enum(["crontab", "interval"], { message: "schedule_type is crontab or interval" }),
    crontab: z.string().max(100, "the schedule is longer than 100 characters"),
    intervalValue: wholeNumber(1, 10_000),
    intervalUnit: z.enum(intervalUnits, { message: `the interval's unit is one of ${intervalUnits.join(", ")}` }),
    timezone: z.string().trim().max(64, "the time zone has at most 64 characters").refine(isKnownTimezone, "not a time zone this server knows (a tz database name such as Europe/Vienna)"),
    checkinMargin: optionalMinutes(),
    maxRuntime: optionalMinutes(),
    failureIssueThreshold: wholeNumber(1, maxThreshold),
    recoveryThreshold: wholeNumber(1, maxThreshold),
  })
  .superRefine((value, context) => {
    if (value.scheduleType !== "crontab") return;
    const problem = crontabProblem(value.crontab);
    if (problem) context.addIssue({ code: "custom", path: ["schedule"], message: problem });
  });

/** What each field is called in Sentry's API, so an API client sees the name it sent. */
const apiFieldNames: Record<string, string> = {
  scheduleType: "config.schedule_type",
  crontab: "config.schedule",
  schedule: "config.schedule",
  intervalValue: "config.schedule",
  intervalUnit: "config.schedule",
  timezone: "config.timezone",
  checkinMargin: "config.checkin_margin",
  maxRuntime: "config.max_runtime",
  failureIssueThreshold: "config.failure_issue_threshold",
  recoveryThreshold: "config.recovery_threshold",
};

/** What each field is called on the form. */
const formFieldNames: Record<string, string> = {
  name: "Name",
  slug: "Slug",
  scheduleType: "Schedule",
  crontab: "Crontab expression",
  schedule: "Crontab expression",
  intervalValue: "Interval",
  intervalUnit: "Interval unit",
  timezone: "Time zone",
  checkinMargin: "Check-in margin",
  maxRuntime: "Max runtime",
  failureIssueThreshold: "Failures before an issue",
  recoveryThreshold: "Successes before it resolves",
  status: "State",
  isMuted: "Muted",
};

/** The settings a monitor has now, as changes: an update starts from them. */
export function settingsAsChanges(monitor: MonitorView): MonitorChanges {
  const schedule = monitor.schedule;
  return {
    name: monitor.name,
    slug: monitor.slug,
    status: monitor.status,
    isMuted: monitor.isMuted,
    scheduleType: schedule.type,
    crontab: schedule.type === "crontab" ? schedule.crontab : "",
    intervalValue: schedule.type === "interval" ? schedule.value : 1,
    intervalUnit: schedule.type === "interval" ? schedule.unit : "minute",
    timezone: monitor.timezone,
    checkinMargin: monitor.checkinMargin,
    maxRuntime: monitor.maxRuntime,
    failureIssueThreshold: monitor.failureIssueThreshold,
    recoveryThreshold: monitor.recoveryThreshold,
  };
}

/** Defaults of a new monitor (Sentry's): active, not muted, UTC, thresholds 1. */
const newMonitorDefaults: MonitorChanges = { status: "active", isMuted: false, timezone: "UTC", checkinMargin: null, maxRuntime: null, failureIssueThreshold: 1, recoveryThreshold: 1, crontab: "", intervalValue: 1, intervalUnit: "minute" };

/**
 * Checks a monitor's settings: `changes` over `base` (a new monitor's defaults, or the monitor as it is). The
 * slug, when not given, comes from the name. A bad field is a 400 naming it (`api` names it as Sentry's API does).
 */
export function parseMonitorSettings(changes: MonitorChanges, base: MonitorChanges | null, naming: "form" | "api" = "form"): MonitorSettings {
  const merged: Record<string, unknown> = { ...newMonitorDefaults };
  for (const [key, value] of Object.entries(base ?? {})) if (value !== undefined) merged[key] = value;
  for (const [key, value] of Object.entries(changes)) if (value !== undefined) merged[key] = value;
  if ((merged.slug === undefined || merged.slug === "") && typeof merged.name === "string") merged.slug = slugify(merged.name);
  const parsed = SettingsSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join(".") || "body";
    throw new AppError("bad_request", `${(naming === "api" ? apiFieldNames[field] : formFieldNames[field]) ?? field}: ${issue.message}`);
  }
  const value = parsed.data;
  if (value.slug === "") throw new AppError("bad_request", `${naming === "api" ? "slug" : "Slug"}: a slug is required (the name has no letters or digits to make one from)`);
  const schedule: MonitorSchedule = value.scheduleType === "crontab" ? { type: "crontab", crontab: value.crontab.trim().replace(/\s+/g, " "), timezone: value.timezone } : { type: "interval", value: value.intervalValue, unit: value.intervalUnit };
  return {
    name: value.name,
    slug: value.slug,
    status: value.status,
    isMuted: value.isMuted,
    schedule,
    timezone: value.timezone,
    checkinMargin: value.checkinMargin,
    maxRuntime: value.maxRuntime,
    failureIssueThreshold: value.failureIssueThreshold,
    recoveryThreshold: value.recoveryThreshold,
  };
}

/** The create and edit forms' fields as changes (a checkbox is "on" when ticked). */
export function monitorChangesFromForm(read: (name: string) => string): { changes: MonitorChanges; values: MonitorFormValues } {
  const values: MonitorFormValues = {
    name: read("name"),
    slug: read("slug"),
    scheduleType: read("scheduleType") === "interval" ? "interval" : "crontab",
    crontab: read("crontab"),
    intervalValue: read("intervalValue"),
    intervalUnit: (intervalUnits as readonly string[]).includes(read("intervalUnit")) ? (read("intervalUnit") as IntervalUnit) : "minute",
    timezone: read("timezone"),
    checkinMargin: read("checkinMargin"),
    maxRuntime: read("maxRuntime"),
    failureIssueThreshold: read("failureIssueThreshold"),
    recoveryThreshold: read("recoveryThreshold"),
    status: read("status") === "disabled" ? "disabled" : "active",
    isMuted: read("isMuted") === "on",
  };
  const changes: MonitorChanges = { ...values, scheduleType: read("scheduleType"), intervalUnit: read("intervalUnit"), status: read("status") || "active" };
  // The form shows the fields of one kind of schedule: the other kind's are absent, and keep what they were.
  if (changes.scheduleType === "crontab") {
    delete changes.intervalValue;
    delete changes.intervalUnit;
  } else {
    delete changes.crontab;
  }
  return { changes, values };
}

/** A form's values showing a monitor as it is (the edit form). */
export function monitorFormValues(monitor: MonitorView): MonitorFormValues {
  const schedule = monitor.schedule;
  return {
    name: monitor.name,
    slug: monitor.slug,
    scheduleType: schedule.type,
    crontab: schedule.type === "crontab" ? schedule.crontab : "",
    intervalValue: schedule.type === "interval" ? String(schedule.value) : "1",
    intervalUnit: schedule.type === "interval" ? schedule.unit : "hour",
    timezone: monitor.timezone,
    checkinMargin: monitor.checkinMargin === null ? "" : String(monitor.checkinMargin),
    maxRuntime: monitor.maxRuntime === null ? "" : String(monitor.maxRuntime),
    failureIssueThreshold: String(monitor.failureIssueThreshold),
    recoveryThreshold: String(monitor.recoveryThreshold),
    status: monitor.status,
    isMuted: monitor.isMuted,
  };
}

const ConfigSchema = z.object({
  schedule_type: z.unknown().optional(),
  schedule: z.unknown().optional(),
  checkin_margin: z.unknown().optional(),
  max_runtime: z.unknown().optional(),
  timezone: z.unknown().optional(),
  failure_issue_threshold: z.unknown().optional(),
  recovery_threshold: z.unknown().optional(),
});

/**
 * Sentry's monitor body (`{name, slug, status, isMuted, config: {schedule_type, schedule, …}}`) as changes.
 * `schedule` is a crontab string or `[count, "unit"]`; without `schedule_type` the shape of `schedule` says which.
 * Unknown fields (`project`, `type`, `owner`, `alertRule`) are ignored, as the shapes Terraform sends carry them.
 */
export function monitorChangesFromApi(body: unknown): MonitorChanges {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new AppError("bad_request", "body: expected a JSON object");
  const record = body as Record<string, unknown>;
  const changes: MonitorChanges = { name: record.name, slug: record.slug, status: record.status, isMuted: record.isMuted };
  if (record.config === undefined || record.config === null) return changes;
  const config = ConfigSchema.safeParse(record.config);
  if (!config.success || typeof record.config !== "object" || Array.isArray(record.config)) throw new AppError("bad_request", "config: expected a JSON object");
  const { schedule_type: scheduleType, schedule, timezone, checkin_margin: margin, max_runtime: maxRuntime, failure_issue_threshold: failures, recovery_threshold: recoveries } = config.data;
  changes.timezone = timezone ?? undefined;
  changes.checkinMargin = margin;
  changes.maxRuntime = maxRuntime;
  changes.failureIssueThreshold = failures ?? undefined;
  changes.recoveryThreshold = recoveries ?? undefined;
  if (schedule !== undefined) {
    const type = scheduleType ?? (Array.isArray(schedule) ? "interval" : "crontab");
    changes.scheduleType = type;
    if (type === "interval") {
      if (!Array.isArray(schedule) || schedule.length !== 2) throw new AppError("bad_request", 'config.schedule: an interval schedule is [count, "unit"]');
      changes.intervalValue = schedule[0];
      changes.intervalUnit = schedule[1];
    } else {
      if (typeof schedule !== "string") throw new AppError("bad_request", 'config.schedule: a crontab schedule is a string such as "*/5 * * * *"');
      changes.crontab = schedule;
    }
  } else if (scheduleType !== undefined) {
    changes.scheduleType = scheduleType;
  }
  return changes;
}
