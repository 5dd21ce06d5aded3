/**
 * One error vocabulary for the whole server. Verbs throw AppError with a code; each transport maps the
 * code to a status once (`httpStatusOf`). Anything else that escapes is a bug: 500, reported, never echoed.
 */
export type AppErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "unavailable";

const httpStatusByCode: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Response headers that belong to this answer (Retry-After and X-Sentry-Rate-Limits on a 429 or 503). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export function httpStatusOf(error: AppError): number {
  return httpStatusByCode[error.code];
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
