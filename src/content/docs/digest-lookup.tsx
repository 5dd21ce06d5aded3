import Link from "next/link";
import { CodeBlock } from "@/components/ui/code-block";

const instrumentationCode = `// instrumentation.ts (next to app/ or src/app/)
import * as Sentry from "@sentry/nextjs";
import type { Instrumentation } from "next";

export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./sentry.server.config");
  if (process.env.NEXT_RUNTIME === "edge") await import("./sentry.edge.config");
}

// Next.js calls this for every error of a server component, route handler,
// server action or middleware, with the digest it shows on the error page.
export const onRequestError: Instrumentation.onRequestError = (error, request, context) => {
  Sentry.withScope((scope) => {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest === "string") scope.setTag("digest", digest);
    Sentry.captureRequestError(error, request, context);
  });
};`;

export function DigestLookup() {
  return (
    <>
      <p>
        When a server component of a Next.js app throws in production, the browser never sees the error: Next.js shows a generic page — &ldquo;Application error: a server-side exception has occurred&rdquo; —
        with a line such as <code>Digest: 2654435761</code>. The digest is a short hash of the error that Next.js also passes to the server&apos;s error handlers and logs. It is the one thing a user can
        copy from that page, so Lantern lets you find the server event by it.
      </p>
      <h2>How Lantern&apos;s own server errors carry it</h2>
      <p>
        Lantern monitors itself (see <Link href="/docs/guides/self-monitoring">Self-monitoring</Link>). Its server SDK copies the digest of every error it reports into a <code>digest</code> tag, so each server
        error of Lantern&apos;s dashboard lands in the <strong>Lantern</strong> project tagged with the digest its error page showed. Try it under <strong>Settings → Diagnostics → Render a failing server
        component</strong>.
      </p>
      <h2>Attaching the digest in your Next.js app</h2>
      <p>
        The Sentry Next.js SDK reports server errors from the <code>onRequestError</code> hook of <code>instrumentation.ts</code> with <code>Sentry.captureRequestError</code>, but does not tag the digest.
        Wrap it and set the tag on the scope the report is made in:
      </p>
      <CodeBlock code={instrumentationCode} label="instrumentation.ts" />
      <p>
        Events sent before this change have no <code>digest</code> tag and cannot be found this way. Tags hold at most 200 characters; a Next.js digest is a short number.
      </p>
      <h2>Looking a digest up</h2>
      <ul>
        <li>
          <strong>In the dashboard</strong>: paste the digest into the <strong>Find by digest</strong> box in the header and press Enter. One matching event opens at once; when the same error happened
          several times, Lantern lists the events, newest first.
        </li>
        <li>
          <strong>From the command line</strong>: <code>lantern digest 2654435761</code> prints the URL of each matching event (with <code>LANTERN_URL</code> as its origin), one a line, and exits with
          status 1 when no event carries the digest.
        </li>
      </ul>
      <CodeBlock code="npx lantern digest 2654435761" label="CLI command" />
      <p>
        An event can be found a few seconds after the error, once Lantern has processed it, and as long as retention keeps it.
      </p>
    </>
  );
}
