import type { UptimeMonitorView } from "./views/uptime";

/** The uptime monitor form's fields as text, as a form sends them and shows them again after a refusal. */
export interface UptimeFormValues {
  name: string;
  url: string;
  method: string;
  intervalSeconds: string;
  timeoutMs: string;
  expectedStatusMin: string;
  expectedStatusMax: string;
  environment: string;
  downtimeThreshold: string;
  recoveryThreshold: string;
  /** One header a line, "Name: value". */
  headers: string;
  body: string;
  isActive: boolean;
  showOnStatusPage: boolean;
}

export const newUptimeFormValues: UptimeFormValues = {
  name: "",
  url: "",
  method: "GET",
  intervalSeconds: "60",
  timeoutMs: "5000",
  expectedStatusMin: "200",
  expectedStatusMax: "299",
  environment: "production",
  downtimeThreshold: "3",
  recoveryThreshold: "1",
  headers: "",
  body: "",
  isActive: true,
  showOnStatusPage: false,
};

export function uptimeFormValuesOf(monitor: UptimeMonitorView): UptimeFormValues {
  return {
    name: monitor.name,
    url: monitor.url,
    method: monitor.method,
    intervalSeconds: String(monitor.intervalSeconds),
    timeoutMs: String(monitor.timeoutMs),
    expectedStatusMin: String(monitor.expectedStatusMin),
    expectedStatusMax: String(monitor.expectedStatusMax),
    environment: monitor.environment ?? "",
    downtimeThreshold: String(monitor.downtimeThreshold),
    recoveryThreshold: String(monitor.recoveryThreshold),
    headers: monitor.headers.map(([name, value]) => `${name}: ${value}`).join("\n"),
    body: monitor.body ?? "",
    isActive: monitor.status === "active",
    showOnStatusPage: monitor.showOnStatusPage,
  };
}

/** The form's text as the verbs' fields (Sentry's camelCase names); the verbs check every value. */
export function uptimeInputOf(values: UptimeFormValues): Record<string, unknown> {
  const headers = values.headers
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(":");
      return colon < 0 ? [line, ""] : [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    });
  return {
    name: values.name.trim() || undefined,
    url: values.url,
    method: values.method,
    intervalSeconds: values.intervalSeconds,
    timeoutMs: values.timeoutMs,
    expectedStatusMin: values.expectedStatusMin,
    expectedStatusMax: values.expectedStatusMax,
    environment: values.environment.trim() || null,
    downtimeThreshold: values.downtimeThreshold,
    recoveryThreshold: values.recoveryThreshold,
    headers,
    body: values.body === "" ? null : values.body,
    status: values.isActive ? "active" : "disabled",
    showOnStatusPage: values.showOnStatusPage,
  };
}
