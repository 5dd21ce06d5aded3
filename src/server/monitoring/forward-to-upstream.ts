import { parseDsn } from "../projects/build-dsn";
import { ingestCorsHeaders, type IngestAnswer } from "../ingest/respond";

/** Sends an envelope unchanged to the upstream DSN's envelope endpoint and passes its answer back. */
export async function forwardToUpstream(dsn: string, body: Uint8Array): Promise<IngestAnswer> {
  const parsed = parseDsn(dsn)!;
  const url = new URL(dsn);
  const path = url.pathname.replace(/\/\d+$/, "");
  const endpoint = `${url.protocol}//${parsed.host}${path}/api/${parsed.projectId}/envelope/?sentry_version=7&sentry_key=${parsed.publicKey}`;
  const upstream = await fetch(endpoint, { method: "POST", body: body as BodyInit, headers: { "content-type": "application/x-sentry-envelope" } });
  const headers: Record<string, string> = { ...ingestCorsHeaders, "content-type": upstream.headers.get("content-type") ?? "application/json" };
  // The SDK backs off on these; a tunnel that drops them would make it retry into a rate limit.
  for (const name of ["x-sentry-rate-limits", "retry-after", "x-sentry-error"]) {
    const value = upstream.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { status: upstream.status, headers, body: new Uint8Array(await upstream.arrayBuffer()) };
}
