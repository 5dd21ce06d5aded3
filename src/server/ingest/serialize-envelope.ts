import type { EnvelopeItem } from "./parse-envelope";

/** Writes an envelope back out, every item with an explicit `length` (the form Relay and Python use). */
export function serializeEnvelope(header: Record<string, unknown>, items: EnvelopeItem[]): Uint8Array {
  const parts: Uint8Array[] = [Buffer.from(JSON.stringify(header))];
  for (const item of items) {
    parts.push(Buffer.from(`\n${JSON.stringify({ ...item.header, length: item.payload.length })}\n`), item.payload);
  }
  return Buffer.concat(parts);
}
