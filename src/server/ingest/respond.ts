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

/** An ingest answer, independent of the server that writes it out. */
export interface IngestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

export function preflightAnswer(): IngestAnswer {
  return { status: 204, headers: ingestCorsHeaders, body: null };
}

export function acceptedAnswer(eventId: string | null, headers: Record<string, string> = {}): IngestAnswer {
  return { status: 200, headers: { ...ingestCorsHeaders, ...headers, "content-type": "application/json" }, body: JSON.stringify(eventId ? { id: eventId } : {}) };
}

/** The HTTP check-in endpoint answers 202 with no body, as Relay does. */
export function checkInAcceptedAnswer(): IngestAnswer {
  return { status: 202, headers: ingestCorsHeaders, body: null };
}

/** Security reports: the browser reads no answer (Relay's is an empty 201). */
export function createdAnswer(): IngestAnswer {
  return { status: 201, headers: ingestCorsHeaders, body: null };
}

/** AppError → its status with Relay's `{"detail"}` body and `X-Sentry-Error`; anything else is a 500 whose cause stays in the logs. */
export function errorAnswer(error: unknown): IngestAnswer {
  if (error instanceof AppError) {
    return {
      status: httpStatusOf(error),
      headers: { ...ingestCorsHeaders, ...error.headers, "content-type": "application/json", "x-sentry-error": error.message.replace(/[^\x20-\x7e]/g, "?") },
      body: JSON.stringify({ detail: error.message }),
    };
  }
  console.error("lantern: ingest failed", error);
  return { status: 500, headers: { ...ingestCorsHeaders, "content-type": "application/json" }, body: JSON.stringify({ detail: "internal error" }) };
}

export function toWebResponse(answer: IngestAnswer): Response {
  return new Response(answer.body as BodyInit | null, { status: answer.status, headers: answer.headers });
}
