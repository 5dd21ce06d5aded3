import Link from "next/link";
import { CodeBlock } from "@/components/ui/code-block";
import { IdentifierText } from "@/components/ui/identifier-text";
import type { DocsInstance, DocsProject } from "@/server/pages/load-docs-project";
import { defaultExampleUrl, exampleDsnAt, exampleProjectSlug } from "./example-dsn";
import type { DocSection } from "./doc-section";

export interface NextjsSetupFile {
  /** Relative to the app's root (app/ may be src/app/). */
  path: string;
  why: string;
  code: string;
}

/**
 * The files Sentry's Next.js wizard writes, with Lantern's DSN and project filled in: the same code as the
 * fixture app the e2e suite drives (e2e/nextjs-app, which reads its DSN from the environment; a test keeps
 * the two equal).
 */
export function nextjsSetupFiles(dsn: string, projectSlug: string): NextjsSetupFile[] {
  const init = `import * as Sentry from "@sentry/nextjs";

Sentry.init({
  dsn: ${JSON.stringify(dsn)},
  tracesSampleRate: 1,
  enableLogs: true,
  sendDefaultPii: true,
});`;
  return [
    {
      path: "instrumentation-client.ts",
      why: "The browser SDK: errors, unhandled rejections and page loads in the browser.",
      code: `${init}

export const onRouterTransitionStart = Sentry.captureRouterTransitionStart;`,
    },
    {
      path: "instrumentation.ts",
      why: "Loads the server or edge SDK, and reports every server error Next.js catches (server components, route handlers, server actions) through onRequestError.",
      code: `import * as Sentry from "@sentry/nextjs";

export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./sentry.server.config");
  if (process.env.NEXT_RUNTIME === "edge") await import("./sentry.edge.config");
}

export const onRequestError = Sentry.captureRequestError;`,
    },
    { path: "sentry.server.config.ts", why: "The Node.js runtime's SDK.", code: init },
    { path: "sentry.edge.config.ts", why: "The edge runtime's SDK.", code: init },
    {
      path: "next.config.ts",
      why: "withSentryConfig, with the browser's events tunnelled through your own origin. With a Lantern token in SENTRY_AUTH_TOKEN (CI), the build uploads its source maps; without one it skips the upload.",
      code: `import { withSentryConfig } from "@sentry/nextjs/config";
import type { NextConfig } from "next";

const nextConfig: NextConfig = {};

export default withSentryConfig(nextConfig, {
  org: "lantern",
  project: ${JSON.stringify(projectSlug)},
  silent: !process.env.CI,
  telemetry: false,
  tunnelRoute: "/monitoring",
});`,
    },
    {
      path: "app/global-error.tsx",
      why: "Reports errors that reach the root of the app, and shows a server error's digest to the user.",
      code: `"use client";

import * as Sentry from "@sentry/nextjs";
import { useEffect } from "react";

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    Sentry.captureException(error);
  }, [error]);

  return (
    <html lang="en">
      <body>
        <h1>Something went wrong</h1>
        {error.digest ? <p>Digest: {error.digest}</p> : null}
      </body>
    </html>
  );
}`,
    },
    {
      path: "app/sentry-tunnel/route.ts",
      why: "The tunnel's handler. Without it, @sentry/nextjs (10.77.1 and later) tunnels only sentry.io DSNs and the browser sends straight to Lantern.",
      code: `export { POST } from "@sentry/nextjs/tunnel";`,
    },
  ];
}

/** The page's sections, for its table of contents: each is an h2 with this id (the docs' index.test.ts checks). */
export const nextjsSections: DocSection[] = [
  { id: "install-the-sdk", title: "1. Install the SDK" },
  { id: "add-the-files", title: "2. Add the files" },
  { id: "check-it", title: "3. Check it" },
  { id: "digests", title: "Digests" },
  { id: "troubleshooting", title: "Troubleshooting" },
];

export function Nextjs({ project, instance }: { project: DocsProject | null; instance?: DocsInstance | null }) {
  // Placeholders keep this instance's address (LANTERN_URL), as the DSN it will print does.
  const exampleDsn = exampleDsnAt(instance?.url ?? defaultExampleUrl);
  const dsn = project?.dsn ?? exampleDsn;
  const projectSlug = project?.slug ?? exampleProjectSlug;
  return (
    <>
      <p>
        A Next.js app set up as Sentry&apos;s Next.js guide and its wizard (<code>npx @sentry/wizard@latest -i nextjs</code>) do works with Lantern as it is: only the DSN changes. Server components, route
        handlers, server actions, edge routes, client components and unhandled rejections in the browser each become an issue with Next.js&apos;s context (route, router, runtime), and the digest on a
        server error&apos;s page finds its event. Lantern&apos;s tests build and drive an app with exactly these files (Next.js 16, <code>@sentry/nextjs</code> 10).
      </p>
      <h2 id="install-the-sdk">1. Install the SDK</h2>
      <CodeBlock code="npm install @sentry/nextjs" label="install command" />
      {project ? (
        <p>
          The files below carry the DSN of{" "}
          <strong>
            <IdentifierText value={project.name} />
          </strong> (<code>{project.slug}</code>), also on its{" "}
          <Link href={`/projects/${project.slug}/setup`}>Setup</Link> page.
          {project.others.length > 0 ? (
            <>
              {" "}
              For another project:{" "}
              {project.others.map((other, index) => (
                <span key={other.slug}>
                  {index > 0 ? ", " : null}
                  <Link href={`/docs/getting-started/nextjs?project=${encodeURIComponent(other.slug)}`}>
                    <IdentifierText value={other.name} />
                  </Link>
                </span>
              ))}
              .
            </>
          ) : null}
        </p>
      ) : (
        <p>
          Below, <code>{exampleDsn}</code> stands for your project&apos;s DSN and <code>{exampleProjectSlug}</code> for its slug: create a project (<strong>Projects → Create project</strong>, or{" "}
          <code>lantern project create</code>) and this page fills them in.
        </p>
      )}
      <p>
        Use the same DSN in all four <code>Sentry.init</code> calls — the tunnel forwards only envelopes for the server&apos;s DSN. The DSN&apos;s host must be reachable from your server and, without the
        tunnel, from your users&apos; browsers: set <code>LANTERN_URL</code> to that address.
      </p>
      <h2 id="add-the-files">2. Add the files</h2>
      <p>
        Paths are from the app&apos;s root; with a <code>src/</code> directory, <code>app/</code> is <code>src/app/</code> and the <code>instrumentation*.ts</code> files go into <code>src/</code>.
      </p>
      {nextjsSetupFiles(dsn, projectSlug).map((file) => (
        <section key={file.path} aria-label={file.path}>
          <h3>
            <code>{file.path}</code>
          </h3>
          <p>{file.why}</p>
          <CodeBlock code={file.code} label={file.path} />
        </section>
      ))}
      <p>
        <code>tracesSampleRate: 1</code> records every request&apos;s trace; lower it in production if you do not need them all. <code>sendDefaultPii</code> sends addresses and cookies, which Lantern
        scrubs by the project&apos;s settings.
      </p>
      <h2 id="check-it">3. Check it</h2>
      <p>
        Build and start the app, open a page that throws in a server component, and look at the project&apos;s issues in Lantern: the error is there within a second, and an event&apos;s page shows its
        Next.js digest next to its trace id. Copy the <code>Digest: …</code> line of the error page into <strong>Find by digest</strong> in Lantern&apos;s header.
      </p>
      <h2 id="digests">Digests</h2>
      <p>
        Next.js hides a server error from the browser and shows only its digest. The SDK does not send the digest as such, but Next.js logs each server error with its digest just before{" "}
        <code>onRequestError</code> reports it, and the SDK keeps that log line as a breadcrumb. Lantern takes the digest from the breadcrumb that logged the event&apos;s own error (same type and message)
        and stores it as the event&apos;s <code>digest</code> tag — a <code>digest</code> tag you set yourself wins. So <strong>Find by digest</strong>, <code>lantern digest</code>, the issue search&apos;s{" "}
        <code>digest:</code> and the API all find the server event. The browser&apos;s own report of the same failure (&ldquo;Minified React error #441&rdquo;, from <code>global-error.tsx</code>) becomes an
        issue of its own, without a digest: the digest leads to the cause. Details: <Link href="/docs/guides/digest-lookup">Looking up a digest</Link>.
      </p>
      <h2 id="troubleshooting">Troubleshooting</h2>
      <h3>Nothing arrives</h3>
      <ul>
        <li>
          Check the DSN: the project&apos;s id and a key that is active, on the project&apos;s <strong>Setup</strong> page. Its host is <code>LANTERN_URL</code>; the server must reach it (from inside a
          container, <code>localhost</code> is the container).
        </li>
        <li>
          Run <code>npx lantern doctor</code> where Lantern runs: it checks the configuration, the database and the disk. Lantern&apos;s log names the address it serves on start-up and reports ingest and
          digest failures.
        </li>
        <li>
          Errors thrown in <code>proxy.ts</code> are logged by Next.js but never passed to <code>onRequestError</code> (Next 16 looks the hook up only where the proxy runs on the edge runtime), so
          the plain set-up does not report them. Wrap the proxy and they arrive, as <code>middleware GET</code> with the mechanism <code>auto.function.nextjs.wrap_middleware</code>:{" "}
          <code>export const proxy = Sentry.wrapMiddlewareWithSentry(function proxy(request) {"{ … }"});</code>
        </li>
        <li>
          Add <code>debug: true</code> to <code>Sentry.init</code> and read Lantern&apos;s answer. 200: stored (the envelope is listed under <strong>Received</strong> on the project&apos;s page at once, the
          issue follows). 400: the envelope or its DSN is malformed — the answer says why. 401: no DSN reached Lantern. 403: the key is unknown or disabled. 413: the envelope is too large. 429: the
          key&apos;s rate limit, or Lantern is catching up with a backlog; the SDK waits for <code>Retry-After</code>.
        </li>
      </ul>
      <h3>Browser errors are blocked</h3>
      <ul>
        <li>
          Ad blockers drop requests to error trackers. <code>tunnelRoute</code> sends the browser&apos;s events to <code>/monitoring</code> on your own origin instead, and your server forwards them.
        </li>
        <li>
          <code>tunnelRoute</code> needs <code>app/sentry-tunnel/route.ts</code> with a DSN that is not sentry.io: without it the browser console warns &ldquo;Provided DSN is not a Sentry SaaS DSN. Will not
          tunnel events.&rdquo; and the SDK sends straight to Lantern. Keep the handler outside any route group, and keep <code>/monitoring</code> out of a <code>proxy.ts</code> that redirects or
          requires a session.
        </li>
        <li>
          A Content-Security-Policy must allow the requests: <code>connect-src &apos;self&apos;</code> covers the tunnel; without the tunnel, add Lantern&apos;s origin to <code>connect-src</code>.
        </li>
      </ul>
      <h3>A digest is not found</h3>
      <ul>
        <li>
          Lantern tags an event when it processes it, a moment after it arrives: retry after a second. Until then, and whenever no event has the digest, the lookup answers{" "}
          <strong>No event carries the digest …</strong>.
        </li>
        <li>
          A webpack build (<code>next build --webpack</code>) lets the SDK report server component errors itself before Next.js assigns the digest; build with Turbopack (the default in Next.js 16) or set
          the tag yourself.
        </li>
        <li>
          The console breadcrumb is missing: the console integration is removed, <code>maxBreadcrumbs</code> is 0, or <code>beforeBreadcrumb</code> drops it.
        </li>
        <li>
          The event is older than retention keeps, or was sent before Lantern derived digests. <Link href="/docs/guides/digest-lookup">Looking up a digest</Link> shows how to set the tag yourself.
        </li>
      </ul>
    </>
  );
}
