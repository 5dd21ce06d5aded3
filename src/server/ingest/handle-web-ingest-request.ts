import { Readable } from "node:stream";
import { handleIngestRequest, type IngestEndpoint } from "./handle-ingest-request";
import { getIngestService, type IngestService } from "./ingest-service";
import { toWebResponse } from "./respond";

/** Next.js route handlers' side of ingest (used by `next dev`; `lantern start` answers these paths before Next). */
export async function handleWebIngestRequest(request: Request, endpoint: IngestEndpoint, service?: IngestService): Promise<Response> {
  const resolved = service ?? (await getIngestService());
  const body = request.body ? Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>) : null;
  // No remoteAddress: Next copies the socket's address into X-Forwarded-For only when the client sent none,
  // so here the header is the client's word and no address is recorded.
  const answer = await handleIngestRequest(resolved, endpoint, { method: request.method, url: new URL(request.url), headers: request.headers, body });
  return toWebResponse(answer);
}

export function handleEnvelopeRequest(request: Request, projectId: string, service?: IngestService): Promise<Response> {
  return handleWebIngestRequest(request, { kind: "envelope", projectId }, service);
}
