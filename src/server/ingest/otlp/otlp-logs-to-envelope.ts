import { IngestRefusal } from "../../errors";
import type { EnvelopeItem } from "../parse-envelope";
import { serializeEnvelope } from "../serialize-envelope";
import { decodeLogsRequestProtobuf } from "./otlp-log-messages";
import { otlpToSentryLogs } from "./otlp-to-sentry-logs";
import { capHeader, decodeJson, type OtlpEncoding } from "./otlp-traces-to-envelope";

export interface OtlpLogsEnvelope {
  /** Null when the export held no record (an empty export is valid OTLP: nothing to store). */
  envelope: Uint8Array | null;
  rejected: string[];
}

/** Lines per `log` container item, and Relay's max_container_size (telemetry-protocol §1.1). */
const maxLogsPerContainer = 1000;
const maxContainerBytes = 12 * 1024 * 1024;
const logContentType = "application/vnd.sentry.items.log+json";

/**
 * An OTLP/HTTP log export (its body already read under the ingest caps) → one Sentry envelope of `log`
 * container items. A body that does not decode is refused (400 with the reason); so is an export whose every
 * record was rejected.
 */
export function otlpLogsToEnvelope(body: Uint8Array, encoding: OtlpEncoding): OtlpLogsEnvelope {
  const { request, idEncoding } = encoding === "json" ? decodeJson(body) : decodeProtobuf(body);
  const converted = otlpToSentryLogs(request, idEncoding);
  if (converted.logs.length === 0) {
    if (converted.rejected.length === 0) return { envelope: null, rejected: [] };
    throw new IngestRefusal("bad_request", `no log record of the export could be read: ${converted.rejected.slice(0, 3).join("; ")}`);
  }
  const envelope = serializeEnvelope({ sent_at: new Date().toISOString(), sdk: converted.sdk }, logContainers(converted.logs));
  return { envelope, rejected: converted.rejected };
}

function decodeProtobuf(body: Uint8Array): { request: unknown; idEncoding: "base64" } {
  try {
    return { request: decodeLogsRequestProtobuf(body), idEncoding: "base64" };
  } catch (error) {
    throw new IngestRefusal("bad_request", `the body is not an OTLP ExportLogsServiceRequest in protobuf: ${capHeader((error as Error).message)}`);
  }
}

function logContainers(logs: Record<string, unknown>[]): EnvelopeItem[] {
  const items: EnvelopeItem[] = [];
  let batch: string[] = [];
  let batchBytes = 0;
  const flush = () => {
    if (batch.length === 0) return;
    items.push({ header: { type: "log", item_count: batch.length, content_type: logContentType }, payload: Buffer.from(`{"items":[${batch.join(",")}]}`) });
    batch = [];
    batchBytes = 0;
  };
  for (const log of logs) {
    const json = JSON.stringify(log);
    const bytes = Buffer.byteLength(json);
    if (batch.length >= maxLogsPerContainer || batchBytes + bytes + 16 > maxContainerBytes) flush();
    batch.push(json);
    batchBytes += bytes + 1;
  }
  flush();
  return items;
}
