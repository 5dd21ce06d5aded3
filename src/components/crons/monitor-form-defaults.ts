import type { MonitorFormValues } from "@/lib/views/monitors";

/** A new monitor's form: a nightly crontab in UTC, Sentry's defaults for the rest. */
export const newMonitorFormValues: MonitorFormValues = {
  name: "",
  slug: "",
  scheduleType: "crontab",
  crontab: "0 2 * * *",
  intervalValue: "1",
  intervalUnit: "hour",
  timezone: "UTC",
  checkinMargin: "",
  maxRuntime: "",
  failureIssueThreshold: "1",
  recoveryThreshold: "1",
  status: "active",
  isMuted: false,
};
