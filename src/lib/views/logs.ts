/** A log line as the explorer's table shows it (search-logs.ts FoundLog has this shape). */
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
  attributes?: Record<string, { type: string; value: string | number | boolean }>;
  levelText?: string | null;
}

/** An error event of a log line's trace, linked from the line's detail. */
export interface LogTraceError {
  title: string;
  path: string;
}
