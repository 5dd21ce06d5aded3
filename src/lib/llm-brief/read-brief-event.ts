import { readBreadcrumbs, readExceptions, readMessage, readRequest, readTags, readText } from "@/lib/event-payload";
import type { JsonObject } from "@/lib/json-values";
import { eventTraceId } from "@/lib/trace-id";
import type { BriefEvent } from "./brief-input";

/** The parts of a stored (normalized, scrubbed) event a brief shows, read defensively as the issue page reads them. */
export function readBriefEvent(eventId: string, timestamp: number, payload: JsonObject): BriefEvent {
  const request = readRequest(payload);
  return {
    eventId,
    timestamp,
    exceptions: readExceptions(payload),
    message: readMessage(payload),
    breadcrumbs: readBreadcrumbs(payload),
    tags: readTags(payload),
    release: readText(payload, "release"),
    environment: readText(payload, "environment"),
    traceId: eventTraceId(payload),
    transaction: readText(payload, "transaction"),
    request: request && (request.method || request.url) ? { method: request.method, url: request.url } : null,
  };
}
