import protobuf from "protobufjs";

/**
 * The part of OTLP's `ExportTraceServiceRequest` that Lantern reads, as a protobufjs descriptor written from
 * the OTLP spec (opentelemetry-proto `trace/v1/trace.proto`, `common/v1/common.proto`,
 * `collector/trace/v1/trace_service.proto`; field numbers from there). Fields not listed are skipped by the
 * decoder without being built: trace state, schema URLs, dropped counts — and `AnyValue.kvlist_value` (6),
 * which Lantern drops anyway (telemetry-protocol §2.3), so a deeply nested key-value list costs a skip, not
 * a tree. Enums are read as int32 (the same varint on the wire). Field names are OTLP/JSON's lowerCamelCase,
 * so a decoded request has the shape of an OTLP/JSON body.
 */
const descriptor = {
  nested: {
    ExportTraceServiceRequest: { fields: { resourceSpans: { rule: "repeated", type: "ResourceSpans", id: 1 } } },
    ResourceSpans: { fields: { resource: { type: "Resource", id: 1 }, scopeSpans: { rule: "repeated", type: "ScopeSpans", id: 2 } } },
    Resource: { fields: { attributes: { rule: "repeated", type: "KeyValue", id: 1 } } },
    ScopeSpans: { fields: { scope: { type: "InstrumentationScope", id: 1 }, spans: { rule: "repeated", type: "Span", id: 2 } } },
    InstrumentationScope: { fields: { name: { type: "string", id: 1 }, version: { type: "string", id: 2 } } },
    Span: {
      fields: {
        traceId: { type: "bytes", id: 1 },
        spanId: { type: "bytes", id: 2 },
        parentSpanId: { type: "bytes", id: 4 },
        name: { type: "string", id: 5 },
        kind: { type: "int32", id: 6 },
        startTimeUnixNano: { type: "fixed64", id: 7 },
        endTimeUnixNano: { type: "fixed64", id: 8 },
        attributes: { rule: "repeated", type: "KeyValue", id: 9 },
        events: { rule: "repeated", type: "Event", id: 11 },
        links: { rule: "repeated", type: "Link", id: 13 },
        status: { type: "Status", id: 15 },
        flags: { type: "fixed32", id: 16 },
      },
    },
    Event: { fields: { timeUnixNano: { type: "fixed64", id: 1 }, name: { type: "string", id: 2 }, attributes: { rule: "repeated", type: "KeyValue", id: 3 } } },
    Link: {
      fields: {
        traceId: { type: "bytes", id: 1 },
        spanId: { type: "bytes", id: 2 },
        attributes: { rule: "repeated", type: "KeyValue", id: 4 },
        flags: { type: "fixed32", id: 6 },
      },
    },
    Status: { fields: { message: { type: "string", id: 2 }, code: { type: "int32", id: 3 } } },
    KeyValue: { fields: { key: { type: "string", id: 1 }, value: { type: "AnyValue", id: 2 } } },
    AnyValue: {
      oneofs: { value: { oneof: ["stringValue", "boolValue", "intValue", "doubleValue", "arrayValue", "bytesValue"] } },
      fields: {
        stringValue: { type: "string", id: 1 },
        boolValue: { type: "bool", id: 2 },
        intValue: { type: "int64", id: 3 },
        doubleValue: { type: "double", id: 4 },
        arrayValue: { type: "ArrayValue", id: 5 },
        bytesValue: { type: "bytes", id: 7 },
      },
    },
    ArrayValue: { fields: { values: { rule: "repeated", type: "AnyValue", id: 1 } } },
    ExportTraceServiceResponse: { fields: { partialSuccess: { type: "ExportTracePartialSuccess", id: 1 } } },
    ExportTracePartialSuccess: { fields: { rejectedSpans: { type: "int64", id: 1 }, errorMessage: { type: "string", id: 2 } } },
  },
};

const root = protobuf.Root.fromJSON(descriptor);
const requestType = root.lookupType("ExportTraceServiceRequest");
const responseType = root.lookupType("ExportTraceServiceResponse");

/**
 * A protobuf `ExportTraceServiceRequest` as a plain object in OTLP/JSON's shape, except that ids are base64
 * (bytes) — the caller reads them as such. 64-bit integers become decimal strings, as in OTLP/JSON.
 * Throws on bytes that are not such a message (truncated, wrong wire types).
 */
export function decodeTraceRequestProtobuf(body: Uint8Array): Record<string, unknown> {
  const message = requestType.decode(body);
  return requestType.toObject(message, { longs: String, bytes: String, enums: Number });
}

/** OTLP's answer to a partly refused export: how many spans were rejected and why. */
export function encodeTraceResponseProtobuf(rejectedSpans: number, errorMessage: string): Uint8Array {
  return responseType.encode(responseType.fromObject({ partialSuccess: { rejectedSpans, errorMessage } })).finish();
}
