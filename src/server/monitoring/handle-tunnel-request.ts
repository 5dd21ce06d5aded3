import { getConfig } from "../config";
import { getDatabase } from "../db/get-database";
import { AppError } from "../errors";
import { ingestEnvelope, type IngestContext } from "../ingest/ingest-envelope";
import { parseEnvelope } from "../ingest/parse-envelope";
import { readBody } from "../ingest/read-body";
import { acceptedResponse, errorResponse } from "../ingest/respond";
import { forwardToUpstream } from "./forward-to-upstream";
import { isSameDsn } from "../projects/build-dsn";

/**
 * POST /monitoring — the same-origin tunnel of Lantern's own SDKs (sentry-protocol §1.5). An envelope
 * whose DSN is the configured upstream DSN goes there unchanged; any other is ingested here, where its
 * DSN must name a project and key of this instance.
 */
export async function handleTunnelRequest(request: Request, context?: IngestContext): Promise<Response> {
  try {
    const resolved = context ?? { config: getConfig(), database: await getDatabase() };
    const body = await readBody(request, resolved.config.ingest);
    const upstreamDsn = resolved.config.selfMonitoring.upstreamDsn;
    if (upstreamDsn) {
      const { header } = parseEnvelope(body);
      if (typeof header.dsn === "string" && isSameDsn(header.dsn, upstreamDsn)) return await forwardToUpstream(upstreamDsn, body);
    }
    const url = new URL(request.url);
    // The tunnel trusts only the DSN inside the envelope, never query or header auth.
    const result = await ingestEnvelope(resolved, new URL(url.pathname, url.origin), new Headers(), body);
    return acceptedResponse(result.eventId);
  } catch (error) {
    if (error instanceof AppError && error.code === "unauthorized") return errorResponse(new AppError("bad_request", "the envelope header has no dsn"));
    return errorResponse(error);
  }
}
