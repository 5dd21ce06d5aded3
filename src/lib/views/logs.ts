/** A typed attribute of a log line, as the SDKs send it. */
export interface LogAttribute {
  type: "string" | "boolean" | "integer" | "double";
  value: string | boolean | number;
}

/** A log line as pages and the events API show it (search-logs.ts returns these). */
export interface LogLineView {
  id: number;
  projectId: number;
  project: string;
  timestampUs: number;
  severityNumber: number;
  severity: string;
  message: string;
  template: string | null;
  traceId: string;
  spanId: string | null;
  release: string | null;
  environment: string | null;
  /** With `withAttributes`: every attribute, the template's parameters as `sentry.message.parameter.<n>`. */
  attributes?: Record<string, LogAttribute>;
  /** With `withAttributes`: the level as sent, when it is not the name of the severity's range. */
  levelText?: string | null;
}

/** An error event of a log line's trace, linked from the line's detail. */
export interface LogTraceError {
  title: string;
  path: string;
}
