import { parseDsn } from "../projects/build-dsn";
import { ingestCorsHeaders } from "../ingest/respond";

/** Sends an envelope unchanged to the upstream DSN's envelope endpoint and passes its status back. */
export async function forwardToUpstream(dsn: string, body: Uint8Array): Promise<Response> {
  const parsed = parseDsn(dsn)!;
  const url = new URL(dsn);
  const path = url.pathname.replace(/\/\d+$/, "");
  const endpoint = `${url.protocol}//${parsed.host}${path}/api/${parsed.projectId}/envelope/?sentry_version=7&sentry_key=${parsed.publicKey}`;
  const upstream = await fetch(endpoint, { method: "POST", body: body as BodyInit, headers: { "content-type": "application/x-sentry-envelope" } });
  const headers = new Headers({ ...ingestCorsHeaders, "content-type": upstream.headers.get("content-type") ?? "application/json" });
  // The SDK backs off on these; a tunnel that drops them would make it retry into a rate limit.
  for (const name of ["x-sentry-rate-limits", "retry-after", "x-sentry-error"]) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(await upstream.arrayBuffer(), { status: upstream.status, headers });
}
