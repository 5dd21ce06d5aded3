import type { WebVitalName, WebVitalRating } from "@/lib/web-vitals";

/** One row of a project's transactions table (durations in milliseconds). */
export interface TransactionSummaryRow {
  name: string;
  op: string;
  count: number;
  perMinute: number;
  p50: number;
  p75: number;
  p95: number;
  /** Share of the transactions whose status is neither ok, cancelled nor unknown (Sentry's failure_rate()). */
  failureRate: number;
  /** The slowest transaction's trace, for "show me one". */
  slowestTraceId: string;
}

export interface WebVitalSummary {
  vital: WebVitalName;
  p75: number;
  rating: WebVitalRating;
  count: number;
}

export interface PageVitals {
  page: string;
  vitals: WebVitalSummary[];
}

/** A group of database queries (by normalized statement) or outgoing requests (by domain). */
export interface SpanGroupRow {
  label: string;
  count: number;
  totalMs: number;
  p95Ms: number;
  exampleTraceId: string;
}
