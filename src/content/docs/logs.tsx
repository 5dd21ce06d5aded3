import Link from "next/link";
import { CodeBlock } from "@/components/ui/code-block";
import type { DocContentProps } from "./doc-content-props";
import type { DocSection } from "./doc-section";
import { exampleDsn } from "./example-dsn";

/** The page's sections, for its table of contents: each is an h2 with this id (the docs' index.test.ts checks). */
export const logsSections: DocSection[] = [
  { id: "sending-logs", title: "Sending logs" },
  { id: "opentelemetry", title: "OpenTelemetry" },
  { id: "searching", title: "Searching" },
  { id: "where-logs-show", title: "Where logs show" },
  { id: "limits-and-retention", title: "Limits and retention" },
];

/** The OTLP/HTTP logs endpoint and key of a DSN (`scheme://key@host/path/id`), or placeholders. */
export function otlpLogsTarget(dsn: string): { endpoint: string; key: string } {
  const match = /^(https?):\/\/([^@/]+)@([^/]+)(\/.*)?\/(\d+)$/.exec(dsn);
  if (!match) return { endpoint: "http://localhost:3000/api/<project id>/integration/otlp/v1/logs", key: "<public key>" };
  const [, scheme, key, host, path = "", projectId] = match;
  return { endpoint: `${scheme}://${host}${path}/api/${projectId}/integration/otlp/v1/logs`, key: key! };
}

export function Logs({ project }: DocContentProps) {
  const dsn = project?.dsn ?? exampleDsn;
  const otlp = otlpLogsTarget(dsn);
  const javascript = `import * as Sentry from "@sentry/node"; // or @sentry/nextjs, @sentry/browser, …

Sentry.init({
  dsn: ${JSON.stringify(dsn)},
  enableLogs: true,
  // Optional: console.log/warn/error become log lines too.
  integrations: [Sentry.consoleLoggingIntegration({ levels: ["log", "warn", "error"] })],
});

Sentry.logger.info("Checkout started", { "cart.items": 3 });
// A template keeps the message and its values apart: lines group by it, values are searchable.
Sentry.logger.error(Sentry.logger.fmt\`Payment failed for order \${orderId}\`, { "payment.provider": "acme" });`;
  const python = `import sentry_sdk
from sentry_sdk import logger

sentry_sdk.init(dsn=${JSON.stringify(dsn)}, enable_logs=True)

logger.warning("Slow query on {table} took {ms} ms", table="orders", ms=812)`;
  const apiExample = `curl -H "Authorization: Bearer <token>" \\
  "<lantern>/api/0/organizations/<org>/events/?dataset=logs&field=message&field=severity&query=severity:error"`;
  const openTelemetry = `OTEL_EXPORTER_OTLP_LOGS_ENDPOINT=${otlp.endpoint}
OTEL_EXPORTER_OTLP_LOGS_HEADERS="x-sentry-auth=sentry sentry_key=${otlp.key}"
OTEL_EXPORTER_OTLP_LOGS_PROTOCOL=http/protobuf   # or http/json`;
  return (
    <>
      <p>
        Lantern stores the log lines Sentry&apos;s SDKs and OpenTelemetry send, next to the errors and traces they explain: the same DSN, nothing else to run. A line keeps its severity, its
        message, the message&apos;s template and values apart, its attributes, and the trace and span it was written in.
      </p>
      <h2 id="sending-logs">Sending logs</h2>
      <p>
        Turn logs on in the SDK you already use (JavaScript 9.41 or later, Python 2.35 or later; Ruby, PHP, Go, Java and .NET SDKs send the same <code>log</code> items):
      </p>
      <CodeBlock code={javascript} label="JavaScript set-up" />
      <CodeBlock code={python} label="Python set-up" />
      <p>
        Lines are sent in batches, a few seconds apart or when the buffer fills, so the newest appear within moments. A line logged inside a span carries its trace and span ids; that is how the
        trace view and an error&apos;s page find it.
      </p>
      <h2 id="opentelemetry">OpenTelemetry</h2>
      <p>
        OpenTelemetry&apos;s OTLP/HTTP log exporters (JSON or protobuf, gzip or not) post to the project&apos;s logs endpoint, authenticated with its public key as for traces. Severity numbers and
        text, the body, log and resource attributes (as <code>resource.*</code>), the instrumentation scope and trace and span ids are kept.
      </p>
      <CodeBlock code={openTelemetry} label="OpenTelemetry settings" />
      <h2 id="searching">Searching</h2>
      <p>
        Every term of a search must match. Free text finds lines whose message contains it (case does not matter); <code>key:value</code> compares an attribute (<code>user.id:42</code>,{" "}
        <code>message.parameter.0:1042</code>, <code>*</code> as a wildcard, <code>[a,b]</code> for either); <code>key:&gt;500</code> compares numbers; <code>has:key</code> wants the attribute;{" "}
        <code>!</code> negates a term. <code>severity:</code> (trace, debug, info, warn, error, fatal), <code>trace:</code>, <code>span_id:</code>, <code>release:</code>, <code>environment:</code>,{" "}
        <code>project:</code> and <code>message.template:</code> are keys of their own. The same syntax works in Sentry&apos;s events API, which answers in Sentry&apos;s shape (see{" "}
        <Link href="/docs/api">API</Link>):
      </p>
      <CodeBlock code={apiExample} label="API request" />
      <h2 id="where-logs-show">Where logs show</h2>
      <p>
        The <strong>Logs</strong> page (every project you can see, or one project) searches, counts lines per interval by severity, groups lines by template, shows chosen attributes as columns,
        and tails new lines live. A trace&apos;s page shows its lines on their spans, and an issue&apos;s page shows the logs around the event: the same trace first, then the same server and
        release within two minutes. An alert rule can watch a log search: more than N matching lines in an interval (see <Link href="/docs/guides/alerts">Alerts</Link>).
      </p>
      <h2 id="limits-and-retention">Limits and retention</h2>
      <p>
        As Relay&apos;s: a container of lines at most 12 MiB, a line at most 2 MiB; a message is cut to 8 KiB, a line keeps at most 200 attributes with names of at most 128 characters, a severity
        number outside 1 to 24 is clamped. What was cut or dropped is named on the envelope in the project&apos;s Received list. Lines are kept <code>LANTERN_LOG_RETENTION_DAYS</code> days (7 by
        default) and are the first to go when the database reaches its disk budget (<Link href="/docs/configuration">Configuration</Link>).
      </p>
    </>
  );
}
