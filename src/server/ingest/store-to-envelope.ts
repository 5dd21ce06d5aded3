import { inflateSync } from "node:zlib";
import { IngestRefusal } from "../errors";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The legacy /store/ endpoint takes one JSON event — or, from old clients, base64 of zlib-deflated JSON
 * (told apart by the first byte not being "{") — and Lantern keeps it as the equivalent envelope.
 */
export function storeBodyToEnvelope(body: Uint8Array, maxEventBytes: number): Uint8Array {
  if (body.length === 0) throw new IngestRefusal("bad_request", "empty event data");
  let json = body;
  if (body[0] !== 0x7b) {
    try {
      json = inflateSync(Buffer.from(utf8.decode(body).trim(), "base64"), { maxOutputLength: maxEventBytes + 1 });
    } catch {
      throw new IngestRefusal("bad_request", "the event is neither JSON nor base64 of deflated JSON");
    }
  }
  if (json.length > maxEventBytes) throw new IngestRefusal("payload_too_large", `the event is ${json.length} bytes; the limit is ${maxEventBytes}`);
  let event: unknown;
  try {
    event = JSON.parse(utf8.decode(json));
  } catch {
    throw new IngestRefusal("bad_request", "the event is not valid JSON");
  }
  if (event === null || typeof event !== "object" || Array.isArray(event)) throw new IngestRefusal("bad_request", "the event is not a JSON object");
  const eventId = (event as { event_id?: unknown }).event_id;
  const header = typeof eventId === "string" ? { event_id: eventId } : {};
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n{"type":"event","length":${json.length}}\n`), json]);
}
