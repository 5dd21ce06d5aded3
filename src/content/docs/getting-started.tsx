import Link from "next/link";
import { CodeBlock } from "@/components/ui/code-block";
import { sdkSnippets } from "@/lib/sdk-snippets";
import { defaultExampleUrl, exampleDsnAt } from "./example-dsn";
import type { DocContentProps } from "./doc-content-props";
import type { DocSection } from "./doc-section";

/** The page's sections, for its table of contents: each is an h2 with this id (the docs' index.test.ts checks). */
export const gettingStartedSections: DocSection[] = [
  { id: "start-lantern", title: "1. Start Lantern" },
  { id: "create-a-project", title: "2. Create a project" },
  { id: "point-your-sdk-at-lantern", title: "3. Point your SDK at Lantern" },
  { id: "see-the-event", title: "4. See the event" },
  { id: "csp-violation-reports", title: "CSP violation reports" },
  { id: "opentelemetry-otlp", title: "OpenTelemetry (OTLP)" },
];

/** Written for this instance: its LANTERN_URL is in every address, DSN and snippet (localhost:3000 without one). */
export function GettingStarted({ instance }: Pick<DocContentProps, "instance">) {
  const url = instance?.url ?? defaultExampleUrl;
  const exampleDsn = exampleDsnAt(url);
  return (
    <>
      <p>Lantern receives errors from the official Sentry SDKs. Your application keeps its Sentry setup; only the DSN changes.</p>
      <h2 id="start-lantern">1. Start Lantern</h2>
      <CodeBlock code="npm ci && npm start" label="start command" />
      <p>
        This builds Lantern, creates its SQLite database under <code>./data/</code>, and serves the dashboard on port 3000 — this instance is at <code>{url}</code>. Set <code>LANTERN_URL</code> to the address your applications use to reach Lantern, so the DSNs it shows point there.
      </p>
      <h2 id="create-a-project">2. Create a project</h2>
      <p>
        In the dashboard choose <strong>Projects → Create project</strong>, or on the server run:
      </p>
      <CodeBlock code="npx lantern project create checkout-web" label="CLI command" />
      <p>Both print the project&apos;s DSN, which looks like {exampleDsn}.</p>
      <h2 id="point-your-sdk-at-lantern">3. Point your SDK at Lantern</h2>
      <p>
        A Next.js app? <Link href="/docs/getting-started/nextjs">Getting started with Next.js</Link> has every file Sentry&apos;s wizard writes, the tunnel, digests and what to check when nothing arrives.
      </p>
      {sdkSnippets(exampleDsn).map((snippet) => (
        <section key={snippet.platform} aria-label={snippet.title}>
          <h3>{snippet.title}</h3>
          <CodeBlock code={snippet.install} label={`${snippet.title} install command`} />
          <div className="mt-2">
            <CodeBlock code={snippet.code} label={`${snippet.title} setup`} />
          </div>
        </section>
      ))}
      <h2 id="see-the-event">4. See the event</h2>
      <p>Throw an error in your app. It appears on the project&apos;s page within a second, under &quot;Received&quot;.</p>
      <h2 id="csp-violation-reports">CSP violation reports</h2>
      <p>
        Browsers can report what your Content-Security-Policy blocks. Point the policy&apos;s <code>report-uri</code> at the project&apos;s security endpoint, with the DSN&apos;s public key (release and environment are optional); each report becomes an event, one issue per directive and blocked host:
      </p>
      <p>
        <code>PUBLIC_KEY</code> and <code>PROJECT_ID</code> are the first and last parts of the DSN:
      </p>
      {/* Placeholders in capitals: a browser may break a line between "=" and "<", inside the word. */}
      <CodeBlock code={`Content-Security-Policy: default-src 'self'; report-uri ${url}/api/PROJECT_ID/security/?sentry_key=PUBLIC_KEY&sentry_environment=production`} label="CSP header" />
      <h2 id="opentelemetry-otlp">OpenTelemetry (OTLP)</h2>
      <p>
        Applications traced with OpenTelemetry send their spans over OTLP/HTTP — JSON or protobuf, gzip or not — to the project&apos;s OTLP endpoint. Each span is kept with its attributes; an exception recorded on a span also becomes an error, linked to its trace. The
        resource attributes <code>service.version</code> and <code>deployment.environment.name</code> become the release and environment. In the application&apos;s environment:
      </p>
      <CodeBlock code={`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=${url}/api/PROJECT_ID/integration/otlp/v1/traces\nOTEL_EXPORTER_OTLP_TRACES_HEADERS=x-sentry-auth=sentry sentry_key=PUBLIC_KEY`} label="OTLP exporter environment" />
      <p>
        The key may also come as <code>Authorization: Bearer PUBLIC_KEY</code> or <code className="whitespace-nowrap">?sentry_key=PUBLIC_KEY</code>, and <code>/api/PROJECT_ID/otlp/v1/traces</code> is accepted too. Lantern answers <code>202</code>; <code>415</code> for a body that is neither{" "}
        <code>application/json</code> nor <code>application/x-protobuf</code>; <code>400</code> with the reason for one it cannot read. Spans it cannot read (bad ids, no start time) are counted in OTLP&apos;s partial-success answer.
      </p>
    </>
  );
}
