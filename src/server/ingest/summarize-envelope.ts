import type { ParsedEnvelope } from "./parse-envelope";

export interface EnvelopeSummary {
  eventId: string | null;
  itemTypes: string[];
  /** "Type: value" of the last exception, or the message, of the envelope's event. */
  summary: string | null;
  sdkName: string | null;
}

const maxSummaryLength = 300;
const utf8 = new TextDecoder();

/** What the received-envelopes list shows, taken once at ingest so the list never reads bodies. */
export function summarizeEnvelope(envelope: ParsedEnvelope): EnvelopeSummary {
  const sdk = envelope.header.sdk as { name?: unknown } | undefined;
  const itemTypes = envelope.items.map((item) => item.header.type);
  const eventItem = envelope.items.find((item) => item.header.type === "event" || item.header.type === "transaction");
  const headerEventId = typeof envelope.header.event_id === "string" ? envelope.header.event_id : null;
  return {
    eventId: headerEventId?.replaceAll("-", "").toLowerCase() ?? null,
    itemTypes,
    summary: eventItem ? describeEvent(eventItem.payload) : null,
    sdkName: typeof sdk?.name === "string" ? sdk.name.slice(0, 100) : null,
  };
}

function describeEvent(payload: Uint8Array): string | null {
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(utf8.decode(payload)) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (event === null || typeof event !== "object") return null;
  const values = (event.exception as { values?: { type?: unknown; value?: unknown }[] } | undefined)?.values;
  const last = Array.isArray(values) ? values.at(-1) : undefined;
  let text: string | null = null;
  if (last && (typeof last.type === "string" || typeof last.value === "string")) {
    text = [last.type, last.value].filter((part) => typeof part === "string" && part !== "").join(": ");
  } else if (typeof event.message === "string") {
    text = event.message;
  } else if (typeof (event.message as { formatted?: unknown } | undefined)?.formatted === "string") {
    text = (event.message as { formatted: string }).formatted;
  } else if (typeof (event.logentry as { message?: unknown } | undefined)?.message === "string") {
    text = (event.logentry as { message: string }).message;
  } else if (event.type === "transaction" && typeof event.transaction === "string") {
    text = event.transaction;
  }
  return text ? text.slice(0, maxSummaryLength) : null;
}
