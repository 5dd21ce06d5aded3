import { AppError, httpStatusOf } from "../errors";

/** CORS for browser SDKs (sentry-protocol §1.4): any origin, the SDK headers, rate-limit headers readable. */
export const ingestCorsHeaders: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers":
    "x-sentry-auth, x-requested-with, x-forwarded-for, origin, referer, accept, content-type, authentication, authorization, content-encoding, transfer-encoding, sentry-trace, baggage",
  "access-control-expose-headers": "x-sentry-error, x-sentry-rate-limits, retry-after",
  "access-control-max-age": "3600",
};

export function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: ingestCorsHeaders });
}

export function acceptedResponse(eventId: string | null): Response {
  return Response.json(eventId ? { id: eventId } : {}, { headers: ingestCorsHeaders });
}

/** AppError → its status with Relay's `{"detail"}` body and `X-Sentry-Error`; anything else is a 500 whose cause stays in the logs. */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return Response.json({ detail: error.message }, { status: httpStatusOf(error), headers: { ...ingestCorsHeaders, "x-sentry-error": error.message } });
  }
  console.error("ingest failed", error);
  return Response.json({ detail: "internal error" }, { status: 500, headers: ingestCorsHeaders });
}
