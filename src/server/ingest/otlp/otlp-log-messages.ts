import protobuf from "protobufjs";

/**
 * The part of OTLP's `ExportLogsServiceRequest` that Lantern reads, as a protobufjs descriptor written from the
 * OTLP spec (opentelemetry-proto `logs/v1/logs.proto`, `common/v1/common.proto`,
 * `collector/logs/v1/logs_service.proto`; field numbers from there). As for traces (otlp-trace-messages.ts):
 * fields not listed are skipped without being built — schema URLs, dropped counts, `flags`, `event_name`, and
 * `AnyValue.kvlist_value`, which Lantern drops; enums are read as int32; names are OTLP/JSON's lowerCamelCase.
 */
const descriptor = {
  nested: {
    ExportLogsServiceRequest: { fields: { resourceLogs: { rule: "repeated", type: "ResourceLogs", id: 1 } } },
    ResourceLogs: { fields: { resource: { type: "Resource", id: 1 }, scopeLogs: { rule: "repeated", type: "ScopeLogs", id: 2 } } },
    Resource: { fields: { attributes: { rule: "repeated", type: "KeyValue", id: 1 } } },
    ScopeLogs: { fields: { scope: { type: "InstrumentationScope", id: 1 }, logRecords: { rule: "repeated", type: "LogRecord", id: 2 } } },
    InstrumentationScope: { fields: { name: { type: "string", id: 1 }, version: { type: "string", id: 2 }, attributes: { rule: "repeated", type: "KeyValue", id: 3 } } },
    LogRecord: {
      fields: {
        timeUnixNano: { type: "fixed64", id: 1 },
        severityNumber: { type: "int32", id: 2 },
        severityText: { type: "string", id: 3 },
        body: { type: "AnyValue", id: 5 },
        attributes: { rule: "repeated", type: "KeyValue", id: 6 },
        traceId: { type: "bytes", id: 9 },
        spanId: { type: "bytes", id: 10 },
        observedTimeUnixNano: { type: "fixed64", id: 11 },
      },
    },
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
    ExportLogsServiceResponse: { fields: { partialSuccess: { type: "ExportLogsPartialSuccess", id: 1 } } },
    ExportLogsPartialSuccess: { fields: { rejectedLogRecords: { type: "int64", id: 1 }, errorMessage: { type: "string", id: 2 } } },
  },
};

const root = protobuf.Root.fromJSON(descriptor);
const requestType = root.lookupType("ExportLogsServiceRequest");
const responseType = root.lookupType("ExportLogsServiceResponse");

/** A protobuf `ExportLogsServiceRequest` as a plain object in OTLP/JSON's shape, ids in base64. Throws on bytes that are not one. */
export function decodeLogsRequestProtobuf(body: Uint8Array): Record<string, unknown> {
  const message = requestType.decode(body);
  return requestType.toObject(message, { longs: String, bytes: String, enums: Number });
}

/** OTLP's answer to a partly refused log export: how many records were rejected and why. */
export function encodeLogsResponseProtobuf(rejectedLogRecords: number, errorMessage: string): Uint8Array {
  return responseType.encode(responseType.fromObject({ partialSuccess: { rejectedLogRecords, errorMessage } })).finish();
}
