import { IngestRefusal } from "../errors";
import { nestsDeeperThan } from "@/lib/json-values";

const maxHeaderDepth = 16;

/**
 * The envelope grammar (sentry-protocol §2.1):
 *   Envelope = Headers { "\n" Item } [ "\n" ]      Item = Headers "\n" Payload
 * An item with `length` has exactly that many payload bytes followed by "\n" or the end; an item
 * without it runs to the next "\n" or the end. Empty lines between items are tolerated.
 */
export interface EnvelopeItem {
  header: Record<string, unknown> & { type: string };
  payload: Uint8Array;
}

export interface ParsedEnvelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

const newline = 0x0a;
const utf8 = new TextDecoder("utf-8", { fatal: true });

export function parseEnvelope(bytes: Uint8Array): ParsedEnvelope {
  let offset = 0;
  const readLine = (): Uint8Array => {
    const end = bytes.indexOf(newline, offset);
    const line = bytes.subarray(offset, end === -1 ? bytes.length : end);
    offset = end === -1 ? bytes.length : end + 1;
    return line;
  };

  const header = parseJsonObject(readLine(), "envelope header");
  const items: EnvelopeItem[] = [];
  while (offset < bytes.length) {
    const headerLine = readLine();
    if (headerLine.length === 0 || (headerLine.length === 1 && headerLine[0] === 0x0d)) continue;
    const itemHeader = parseJsonObject(headerLine, `item ${items.length + 1} header`);
    if (typeof itemHeader.type !== "string" || itemHeader.type === "") {
      throw new IngestRefusal("bad_request", `invalid envelope: item ${items.length + 1} header has no "type"`);
    }
    let payload: Uint8Array;
    if (itemHeader.length !== undefined) {
      const length = itemHeader.length;
      if (typeof length !== "number" || !Number.isInteger(length) || length < 0) {
        throw new IngestRefusal("bad_request", `invalid envelope: item ${items.length + 1} has a "length" that is not a non-negative integer`);
      }
      if (offset + length > bytes.length) {
        throw new IngestRefusal("bad_request", `invalid envelope: item ${items.length + 1} declares ${length} bytes but only ${bytes.length - offset} remain`);
      }
      payload = bytes.subarray(offset, offset + length);
      offset += length;
      if (offset < bytes.length) {
        if (bytes[offset] !== newline) throw new IngestRefusal("bad_request", `invalid envelope: item ${items.length + 1} payload is not followed by a newline`);
        offset += 1;
      }
    } else {
      payload = readLine();
    }
    items.push({ header: itemHeader as EnvelopeItem["header"], payload });
  }
  return { header, items };
}

function parseJsonObject(line: Uint8Array, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(line));
  } catch {
    throw new IngestRefusal("bad_request", `invalid envelope: the ${what} is not valid UTF-8 JSON`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new IngestRefusal("bad_request", `invalid envelope: the ${what} is not a JSON object`);
  }
  // Headers are a few small fields (dsn, sdk, trace); deeper is hostile, and digest writes the header back out.
  if (nestsDeeperThan(value, maxHeaderDepth)) throw new IngestRefusal("bad_request", `invalid envelope: the ${what} is nested deeper than ${maxHeaderDepth} levels`);
  return value as Record<string, unknown>;
}
