/** The windows a log alert counts over (server/alerts/log-alert-input.ts), with their words; plain data for pages. */
export const logAlertIntervals = {
  "1m": { ms: 60_000, label: "1 minute" },
  "5m": { ms: 300_000, label: "5 minutes" },
  "15m": { ms: 900_000, label: "15 minutes" },
  "1h": { ms: 3_600_000, label: "1 hour" },
  "1d": { ms: 86_400_000, label: "1 day" },
} as const;
export type LogAlertInterval = keyof typeof logAlertIntervals;

export function isLogAlertInterval(value: string): value is LogAlertInterval {
  return Object.hasOwn(logAlertIntervals, value);
}

/** "More than N lines": N from 0 (any line) to this. */
export const maxLogAlertThreshold = 1_000_000;

/** A log alert rule as pages show it. */
export interface LogAlertRuleView {
  id: number;
  name: string;
  query: string;
  threshold: number;
  interval: LogAlertInterval;
  channels: string[];
  mutedUntil: number | null;
  firingSince: number | null;
  lastCount: number | null;
  evaluatedAt: number | null;
}

/** "more than 10 lines matching “payment failed” in 1 minute" */
export function describeLogAlert(rule: Pick<LogAlertRuleView, "query" | "threshold" | "interval">): string {
  const lines = `${rule.threshold.toLocaleString("en-US")} ${rule.threshold === 1 ? "line" : "lines"}`;
  return `more than ${lines} matching “${rule.query}” in ${logAlertIntervals[rule.interval].label}`;
}

/** The log alert form's fields as typed (a refused form shows them again). */
export interface LogAlertFormValues {
  name: string;
  query: string;
  threshold: string;
  interval: string;
  channels: string[];
}
