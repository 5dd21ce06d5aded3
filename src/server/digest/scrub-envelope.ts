import { readJsonObject } from "@/lib/read-json-object";
import { parseEnvelope } from "../ingest/parse-envelope";
import { serializeEnvelope } from "../ingest/serialize-envelope";
import { scrubEvent, type ScrubSettings } from "./scrub-event";

/** JSON items that can carry what users send (headers, bodies, messages): scrubbed before they are kept. */
export const scrubbedItemTypes = new Set(["event", "transaction", "span", "check_in", "log", "otel_log", "user_report", "feedback", "replay_event"]);

const utf8Encoder = new TextEncoder();

/**
 * A raw envelope as digest keeps it, secrets filtered, for the received envelope's page while digest has
 * not rewritten it yet (waiting in a backlog, or failed). The same bytes when nothing was filtered; an
 * item that is not a JSON object is left as it is, and an envelope that does not parse comes back whole
 * (ingest refuses those, so only a body from before a parser change could be one).
 */
export function scrubEnvelopeBody(body: Uint8Array, settings: ScrubSettings): Uint8Array {
  let envelope: ReturnType<typeof parseEnvelope>;
  try {
    envelope = parseEnvelope(body);
  } catch {
    return body;
  }
  let isScrubbed = scrubEvent(envelope.header, settings) > 0;
  for (const item of envelope.items) {
    if (!scrubbedItemTypes.has(item.header.type)) continue;
    const value = readJsonObject(item.payload);
    if (value === null) continue;
    if (scrubEvent(value, settings) > 0) {
      item.payload = utf8Encoder.encode(JSON.stringify(value));
      isScrubbed = true;
    }
  }
  return isScrubbed ? serializeEnvelope(envelope.header, envelope.items) : body;
}
