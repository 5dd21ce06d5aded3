import { randomUUID } from "node:crypto";
import type { JsonObject } from "@/lib/json-values";
import { capText, plainAttributes, textOf, type TypedAttribute } from "./otlp-attributes";

/** What an error event needs from the span its exception happened in. */
export interface SpanContext {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  op: string;
  name: string;
  /** The span's end (seconds): the event's time when the exception event has none. */
  end: number;
  status: string;
  resource: Map<string, TypedAttribute>;
}

const maxMessageLength = 8 * 1024;
const maxStacktraceLength = 64 * 1024;

/** OTel's `telemetry.sdk.language` values → Sentry platforms; others are "other". */
const platformByLanguage: Record<string, string> = {
  cpp: "native",
  dotnet: "csharp",
  erlang: "elixir",
  go: "go",
  java: "java",
  nodejs: "node",
  php: "php",
  python: "python",
  ruby: "ruby",
  rust: "rust",
  swift: "cocoa",
  webjs: "javascript",
};

/**
 * A span event named `exception` (OTel semantic conventions: `exception.type`, `exception.message`,
 * `exception.stacktrace`, `exception.escaped`) → a Sentry error event linked to its span through
 * `contexts.trace`, so it becomes an issue that opens its trace. The stack trace is the SDK's text, not
 * frames: it is kept whole (capped) in `extra` and the exception has no frames. Null when the event names
 * neither a type nor a message (the conventions require one).
 */
export function exceptionEventOf(event: JsonObject, span: SpanContext, time: number | null): JsonObject | null {
  const attributes = plainAttributes(event.attributes, 64);
  const type = typeof attributes["exception.type"] === "string" ? capText(attributes["exception.type"], 256) : null;
  const message = typeof attributes["exception.message"] === "string" ? capText(attributes["exception.message"], maxMessageLength) : null;
  if (!type && !message) return null;
  const stacktrace = typeof attributes["exception.stacktrace"] === "string" ? capText(attributes["exception.stacktrace"], maxStacktraceLength) : null;
  const language = textOf(span.resource, "telemetry.sdk.language");
  const release = textOf(span.resource, "service.version");
  const environment = textOf(span.resource, "deployment.environment.name") ?? textOf(span.resource, "deployment.environment");
  const serviceName = textOf(span.resource, "service.name");
  const exception: JsonObject = {
    type: type ?? "Error",
    // An exception that escaped the span's scope was not handled there.
    mechanism: { type: "otlp", handled: attributes["exception.escaped"] !== true },
  };
  if (message) exception.value = message;
  return {
    event_id: randomUUID().replaceAll("-", ""),
    timestamp: time ?? span.end,
    platform: (language && Object.hasOwn(platformByLanguage, language) ? platformByLanguage[language] : undefined) ?? "other",
    level: "error",
    logger: "otlp",
    ...(release ? { release } : {}),
    ...(environment ? { environment } : {}),
    ...(serviceName ? { server_name: capText(serviceName, 256) } : {}),
    exception: { values: [exception] },
    contexts: {
      trace: { trace_id: span.traceId, span_id: span.spanId, ...(span.parentSpanId ? { parent_span_id: span.parentSpanId } : {}), op: span.op, status: span.status },
    },
    tags: { "otel.span.name": capText(span.name, 200) },
    ...(stacktrace ? { extra: { "exception.stacktrace": stacktrace } } : {}),
  };
}
