import { jsonNestingDepth } from "@/lib/json-nesting-depth";
import { IngestRefusal } from "../../errors";
import type { EnvelopeItem } from "../parse-envelope";
import { serializeEnvelope } from "../serialize-envelope";
import { decodeTraceRequestProtobuf } from "./otlp-trace-messages";
import { otlpToSentrySpans, type IdEncoding } from "./otlp-to-sentry-spans";

export type OtlpEncoding = "json" | "protobuf";

export interface OtlpEnvelope {
  encoding: OtlpEncoding;
  /** Null when the export held no span (an empty export is valid OTLP: nothing to store). */
  envelope: Uint8Array | null;
  rejected: string[];
}

/** Relay's container limits (telemetry-protocol §1.1): at most 1,000 spans and 12 MiB per span container item. */
const maxSpansPerContainer = 1000;
const maxContainerBytes = 12 * 1024 * 1024;
/** OTLP/JSON nests about 10 deep; far deeper is an attack on the parser, refused before it runs. */
const maxJsonDepth = 64;
const spanContentType = "application/vnd.sentry.items.span.v2+json";
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * `Content-Type` → how the body is encoded. OTLP names exactly `application/json` and
 * `application/x-protobuf` (Relay compares the whole value); Lantern is lenient about parameters such as
 * `; charset=utf-8`, which some HTTP clients add to every JSON body, since they change nothing for OTLP.
 */
export function otlpEncodingOf(contentType: string | null, signal: "traces" | "logs" = "traces"): OtlpEncoding {
  const mediaType = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType === "application/json") return "json";
  if (mediaType === "application/x-protobuf") return "protobuf";
  throw new IngestRefusal("unsupported_media_type", `unsupported Content-Type "${capHeader(contentType)}" for OTLP ${signal} (use application/json or application/x-protobuf)`);
}

/**
 * An OTLP/HTTP trace export (its body already read under the ingest caps) → one Sentry envelope: span v2
 * container items of at most 1,000 spans, then one `event` item per exception. A body that does not decode
 * is refused (400 with the reason); so is an export whose every span was rejected.
 */
export function otlpTracesToEnvelope(body: Uint8Array, encoding: OtlpEncoding): OtlpEnvelope {
  const { request, idEncoding } = encoding === "json" ? decodeJson(body) : decodeProtobuf(body);
  const converted = otlpToSentrySpans(request, idEncoding);
  if (converted.spans.length === 0) {
    if (converted.rejected.length === 0) return { encoding, envelope: null, rejected: [] };
    throw new IngestRefusal("bad_request", `no span of the export could be read: ${converted.rejected.slice(0, 3).join("; ")}`);
  }
  const items: EnvelopeItem[] = [...spanContainers(converted.spans), ...converted.errorEvents.map((event) => jsonItem("event", event))];
  const envelope = serializeEnvelope({ sent_at: new Date().toISOString(), sdk: converted.sdk }, items);
  return { encoding, envelope, rejected: converted.rejected };
}

export function decodeJson(body: Uint8Array): { request: unknown; idEncoding: IdEncoding } {
  if (jsonNestingDepth(body) > maxJsonDepth) throw new IngestRefusal("bad_request", `the OTLP/JSON body nests deeper than ${maxJsonDepth} levels`);
  try {
    return { request: JSON.parse(utf8.decode(body)), idEncoding: "hex" };
  } catch {
    throw new IngestRefusal("bad_request", "the body is not valid UTF-8 JSON (Content-Type: application/json)");
  }
}

function decodeProtobuf(body: Uint8Array): { request: unknown; idEncoding: IdEncoding } {
  try {
    return { request: decodeTraceRequestProtobuf(body), idEncoding: "base64" };
  } catch (error) {
    // protobufjs names the defect ("index out of range", "invalid wire type"); a RangeError here can also
    // be a stack overflow from deeply nested arrays. Both are the sender's bytes, not Lantern's fault.
    throw new IngestRefusal("bad_request", `the body is not an OTLP ExportTraceServiceRequest in protobuf: ${capHeader((error as Error).message)}`);
  }
}

/** Span containers of at most 1,000 spans and 12 MiB each, the spans serialized once. */
function spanContainers(spans: Record<string, unknown>[]): EnvelopeItem[] {
  const items: EnvelopeItem[] = [];
  let batch: string[] = [];
  let batchBytes = 0;
  const flush = () => {
    if (batch.length === 0) return;
    items.push({ header: { type: "span", item_count: batch.length, content_type: spanContentType }, payload: Buffer.from(`{"items":[${batch.join(",")}]}`) });
    batch = [];
    batchBytes = 0;
  };
  for (const span of spans) {
    const json = JSON.stringify(span);
    const bytes = Buffer.byteLength(json);
    if (batch.length >= maxSpansPerContainer || batchBytes + bytes + 16 > maxContainerBytes) flush();
    batch.push(json);
    batchBytes += bytes + 1;
  }
  flush();
  return items;
}

function jsonItem(type: string, payload: Record<string, unknown>): EnvelopeItem {
  return { header: { type }, payload: Buffer.from(JSON.stringify(payload)) };
}

export function capHeader(value: string | null): string {
  return (value ?? "").slice(0, 100).replace(/[^\x20-\x7e]/g, "?");
}
