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
  /** Distinct users (an estimate: lib/user-sketch.ts). */
  users: number;
}

/** Transactions of one hour or day (p95 in milliseconds, null when none). */
export interface TransactionBucket {
  start: number;
  count: number;
  p95: number | null;
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

/** A transaction's summary page (milliseconds; percentiles null when nothing was measured). */
export interface TransactionSummary {
  name: string;
  op: string;
  period: string;
  count: number;
  perMinute: number;
  failureRate: number;
  users: number;
  averageMs: number | null;
  p50: number | null;
  p75: number | null;
  p95: number | null;
  p99: number | null;
  /** Bars of the duration histogram, fastest first. */
  histogram: { fromMs: number; toMs: number; count: number }[];
  /** Per hour or day (bucketMs), oldest first. */
  bucketMs: number;
  series: { start: number; count: number; p50: number | null; p75: number | null; p95: number | null; p99: number | null }[];
  releases: { release: string | null; count: number; failureRate: number; p50: number | null; p75: number | null; p95: number | null; p99: number | null }[];
  slowest: { traceId: string; spanId: string; startedAt: number; durationMs: number; status: string; release: string | null }[];
  /** Child spans of the newest opSampleSize transactions, summed by op. */
  timeByOp: { op: string; count: number; totalMs: number; share: number }[];
  opSampleSize: number;
  relatedIssues: { id: number; title: string; status: string; type: string; timesSeen: number; lastSeen: number }[];
  vitals: (WebVitalSummary & { series: { start: number; p75: number | null; rating: WebVitalRating | null }[] })[];
}
