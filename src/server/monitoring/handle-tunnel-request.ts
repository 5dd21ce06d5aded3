import { handleWebIngestRequest } from "../ingest/handle-web-ingest-request";
import type { IngestService } from "../ingest/ingest-service";

/**
 * POST /monitoring — the same-origin tunnel of Lantern's own SDKs (sentry-protocol §1.5). An envelope
 * whose DSN is the configured upstream DSN goes there unchanged; any other is ingested here, where its
 * DSN must name a project and key of this instance.
 */
export function handleTunnelRequest(request: Request, service?: IngestService): Promise<Response> {
  return handleWebIngestRequest(request, { kind: "tunnel" }, service);
}
