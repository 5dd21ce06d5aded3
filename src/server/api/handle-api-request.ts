import * as Sentry from "@sentry/nextjs";
import type { AccessContext } from "../access/authorize";
import { getApiContext } from "../access/get-api-context";
import { AppError, httpStatusOf, isAppError } from "../errors";

/**
 * The one adapter between Next's route handlers under /api/0/ and the API verbs: authenticates the request
 * (Bearer token or session cookie), hands the verb its context and route parameters, and maps errors to
 * HTTP once, in Sentry's shape — `{"detail": "…"}` with the status of the AppError. Anything else is a
 * bug: reported to Lantern's own project and answered 500 with the report's id, never with its message.
 */
export interface ApiRequest<Params> {
  request: Request;
  context: AccessContext;
  params: Params;
  url: URL;
}

/** What a verb returns: a body to send as JSON (200 unless `status` says otherwise) with extra headers. */
export interface ApiAnswer {
  body: unknown;
  status?: number;
  headers?: Record<string, string>;
}

/** Next passes no params to a route without dynamic segments. */
type RouteContext<Params> = { params?: Promise<Params> } | undefined;

const jsonHeaders = { "Content-Type": "application/json", "Cache-Control": "no-store" };

export function apiRoute<Params extends Record<string, string | string[] | undefined> = Record<string, never>>(handler: (input: ApiRequest<Params>) => Promise<ApiAnswer>) {
  return async (request: Request, route: RouteContext<Params>): Promise<Response> => {
    try {
      const context = await getApiContext(request);
      refuseCrossSiteCookieWrites(request, context);
      const params = ((await route?.params) ?? {}) as Params;
      const answer = await handler({ request, context, params, url: new URL(request.url) });
      if (answer.status === 204 || answer.status === 202) return new Response(null, { status: answer.status, headers: { "Cache-Control": "no-store", ...answer.headers } });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { ...jsonHeaders, ...answer.headers } });
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export function errorResponse(error: unknown): Response {
  if (isAppError(error)) {
    const headers: Record<string, string> = { ...jsonHeaders, ...error.headers };
    if (error.code === "unauthorized") headers["WWW-Authenticate"] = 'Bearer realm="lantern"';
    return new Response(JSON.stringify({ detail: error.message }), { status: httpStatusOf(error), headers });
  }
  const errorId = Sentry.captureException(error);
  console.error(`lantern: /api/0/ request failed (reported as ${errorId}):`, error);
  return new Response(JSON.stringify({ detail: "Internal Error", errorId }), { status: 500, headers: jsonHeaders });
}

/**
 * A token is sent on purpose; a cookie is sent by the browser on any request. Writes authenticated by the
 * session cookie must therefore come from Lantern's own pages: a browser names the page's origin in `Origin`.
 */
function refuseCrossSiteCookieWrites(request: Request, context: AccessContext): void {
  if (request.method === "GET" || request.method === "HEAD" || request.headers.has("authorization")) return;
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== new URL(context.config.publicUrl).origin) {
    throw new AppError("forbidden", "Cross-site requests with a session cookie cannot change anything; use an API token.");
  }
}
