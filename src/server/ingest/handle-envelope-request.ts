import { getConfig } from "../config";
import { getDatabase } from "../db/get-database";
import { ingestEnvelope, type IngestContext } from "./ingest-envelope";
import { readBody } from "./read-body";
import { acceptedResponse, errorResponse } from "./respond";

/** The HTTP side of the envelope endpoint: read the capped body, ingest it, answer like Relay. */
export async function handleEnvelopeRequest(request: Request, pathProjectId: string, context?: IngestContext): Promise<Response> {
  try {
    const resolved = context ?? { config: getConfig(), database: await getDatabase() };
    const body = await readBody(request, resolved.config.ingest);
    const result = await ingestEnvelope(resolved, new URL(request.url), request.headers, body, pathProjectId);
    return acceptedResponse(result.eventId);
  } catch (error) {
    return errorResponse(error);
  }
}
