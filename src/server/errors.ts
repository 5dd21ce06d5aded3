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
  /** Whether an error of this class records the stack it was made on (see IngestRefusal). */
  static readonly capturesStack: boolean = true;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Response headers that belong to this answer (Retry-After and X-Sentry-Rate-Limits on a 429 or 503). */
    readonly headers: Record<string, string> = {},
  ) {
    // V8 walks the stack when an Error is constructed; a limit of 0 skips the walk for this one error only.
    const stackTraceLimit = Error.stackTraceLimit;
    if (!new.target.capturesStack) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = "AppError";
  }
}

/**
 * The ingest endpoints' answer to a request they refuse (malformed envelope, unknown key, rate limit, too large):
 * the client's doing, never a bug, its stack never read, and thrown as often as clients send. It is an AppError
 * without a stack: recording one was about a tenth of the CPU of a refused request.
 */
export class IngestRefusal extends AppError {
  static override readonly capturesStack = false;
}

export function httpStatusOf(error: AppError): number {
  return httpStatusByCode[error.code];
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
