/** Relay's span status names in code order 0–16 (telemetry-protocol.md §1.2). */
export const spanStatusNames = [
  "ok",
  "cancelled",
  "unknown",
  "invalid_argument",
  "deadline_exceeded",
  "not_found",
  "already_exists",
  "permission_denied",
  "resource_exhausted",
  "failed_precondition",
  "aborted",
  "out_of_range",
  "unimplemented",
  "internal_error",
  "unavailable",
  "data_loss",
  "unauthenticated",
] as const;

/** A status no code names (kept as text in the span's payload). */
export const otherSpanStatus = 255;
const aliases: Record<string, number> = { unknown_error: 2, success: 0, failure: 13, error: 13 };

/** A span's status as its stored code: a missing status is `ok`, as the SDKs mean it. */
export function spanStatusCode(status: unknown): number {
  if (status === undefined || status === null || status === "") return 0;
  if (typeof status !== "string") return otherSpanStatus;
  const name = status.toLowerCase();
  const code = spanStatusNames.indexOf(name as (typeof spanStatusNames)[number]);
  return code >= 0 ? code : (aliases[name] ?? otherSpanStatus);
}

/** The name of a stored status code ("unknown" for 255: the text is in the payload). */
export function spanStatusName(code: number): string {
  return spanStatusNames[code] ?? "unknown";
}

/** `failure_rate()`: a span failed unless its status is ok, cancelled or unknown (Sentry's definition). */
export function isFailedSpanStatus(code: number): boolean {
  return code !== 0 && code !== 1 && code !== 2;
}
