import Link from "next/link";
import { CodeBlock } from "@/components/ui/code-block";
import type { DocSection } from "./doc-section";

const instrumentationCode = `// instrumentation.ts (next to app/ or src/app/)
import * as Sentry from "@sentry/nextjs";
import type { Instrumentation } from "next";

export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./sentry.server.config");
  if (process.env.NEXT_RUNTIME === "edge") await import("./sentry.edge.config");
}

// Optional: Lantern reads the digest without this. Next.js calls this for every
// error of a server component, route handler, server action or proxy, with the
// digest it shows on the error page.
export const onRequestError: Instrumentation.onRequestError = (error, request, context) => {
  Sentry.withScope((scope) => {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest === "string") scope.setTag("digest", digest);
    Sentry.captureRequestError(error, request, context);
  });
};`;

const beforeSendCode = `// sentry.server.config.ts — the other way to set the tag yourself
Sentry.init({
  dsn: "…",
  beforeSend(event, hint) {
    const digest = (hint.originalException as { digest?: unknown } | undefined)?.digest;
    if (typeof digest === "string") event.tags = { ...event.tags, digest };
    return event;
  },
});`;

/** The page's sections, for its table of contents: each is an h2 with this id (the docs' index.test.ts checks). */
export const digestLookupSections: DocSection[] = [
  { id: "it-works-with-the-standard-set-up", title: "It works with the standard set-up" },
  { id: "setting-the-tag-yourself-optional", title: "Setting the tag yourself (optional)" },
  { id: "when-an-event-has-no-digest", title: "When an event has no digest" },
  { id: "how-lantern-s-own-server-errors-carry-it", title: "How Lantern's own server errors carry it" },
  { id: "looking-a-digest-up", title: "Looking a digest up" },
];

export function DigestLookup() {
  return (
    <>
      <p>
        When a server component of a Next.js app throws in production, the browser never sees the error: Next.js shows a generic page — &ldquo;Application error: a server-side exception has occurred&rdquo; —
        with a line such as <code>Digest: 2654435761</code>. The digest is a short hash of the error that Next.js also passes to the server&apos;s error handlers and logs. It is the one thing a user can
        copy from that page, so Lantern lets you find the server event by it.
      </p>
      <h2 id="it-works-with-the-standard-set-up">It works with the standard set-up</h2>
      <p>
        A Next.js app set up as Sentry&apos;s Next.js guide says — <code>@sentry/nextjs</code> 9.x or 10.x, <code>export const onRequestError = Sentry.captureRequestError</code> in{" "}
        <code>instrumentation.ts</code>, no wrapper and no <code>beforeSend</code> — needs nothing more (see <Link href="/docs/getting-started/nextjs">Getting started with Next.js</Link> for the files). The SDK does not send the
        digest as such, but Next.js logs every server error with its digest (<code>⨯ Error: … {"{ digest: '2654435761' }"}</code>) just before it reports it, and the SDK keeps that line as a console
        breadcrumb of the event. When Lantern processes a server event, it looks for the newest console breadcrumb that logged the event&apos;s own error — the same type and the same message — and
        stores its digest as the event&apos;s <code>digest</code> tag. A breadcrumb of another error never counts. When <code>extraErrorDataIntegration</code> is on, the digest it copies into the
        event&apos;s context counts too.
      </p>
      <p>
        Only server events get a digest this way. The browser&apos;s own report of the same failure (&ldquo;Minified React error #441&rdquo;, sent by <code>global-error.tsx</code>) carries the digest in
        its breadcrumbs as well, but a digest should lead to the cause, which is the server event.
      </p>
      <h2 id="setting-the-tag-yourself-optional">Setting the tag yourself (optional)</h2>
      <p>
        An event that already has a <code>digest</code> tag keeps it: Lantern derives nothing then. Set it yourself when the breadcrumb cannot be there (see below), or if you prefer to be explicit.
        Either wrap <code>Sentry.captureRequestError</code> and set the tag on the scope the report is made in:
      </p>
      <CodeBlock code={instrumentationCode} label="instrumentation.ts" />
      <p>or copy the digest of the original error in the server SDK&apos;s <code>beforeSend</code>, as Lantern&apos;s own server does:</p>
      <CodeBlock code={beforeSendCode} label="sentry.server.config.ts" />
      <p>Tags hold at most 200 characters; a Next.js digest is a short number.</p>
      <h2 id="when-an-event-has-no-digest">When an event has no digest</h2>
      <p>
        The lookup then answers <strong>No event carries the digest …</strong>. Besides a typo, an event that retention removed, or an error that never reached Lantern, these are the reasons:
      </p>
      <ul>
        <li>
          <strong>Too early.</strong> Lantern tags an event when it processes it, a moment after the SDK sent it (usually well under a second). Try again after a second.
        </li>
        <li>
          <strong>A webpack build.</strong> With webpack (<code>next build --webpack</code>, and Next.js 15 and older by default) the SDK wraps each server component and reports its error itself,
          before Next.js has given the error its digest; the later report from <code>onRequestError</code> is then dropped as a duplicate. Build with Turbopack (Next.js 16&apos;s default), where the SDK
          wraps nothing, or turn the wrapping off with <code>webpack: {"{ autoInstrumentAppDirectory: false }"}</code> in <code>withSentryConfig</code> (<code>autoInstrumentAppDirectory: false</code> in
          9.x), or set the tag in <code>beforeSend</code> as shown above.
        </li>
        <li>
          <strong>No console breadcrumbs.</strong> The console integration is removed (an <code>integrations</code> filter without <code>Console</code>, or <code>defaultIntegrations: false</code>), breadcrumbs are
          off (<code>maxBreadcrumbs: 0</code>), or a <code>beforeBreadcrumb</code> drops console breadcrumbs. Keep them, or set the tag yourself.
        </li>
        <li>
          <strong>Events sent before this Lantern version.</strong> Lantern derives the digest as events arrive; older events keep what they had.
        </li>
      </ul>
      <h2 id="how-lantern-s-own-server-errors-carry-it">How Lantern&apos;s own server errors carry it</h2>
      <p>
        Lantern monitors itself (see <Link href="/docs/guides/self-monitoring">Self-monitoring</Link>). Its server SDK copies the digest of every error it reports into a <code>digest</code> tag, so each server
        error of Lantern&apos;s dashboard lands in the <strong>Lantern</strong> project tagged with the digest its error page showed. Try it under <strong>Settings → Diagnostics → Render a failing server
        component</strong>.
      </p>
      <h2 id="looking-a-digest-up">Looking a digest up</h2>
      <ul>
        <li>
          <strong>In the dashboard</strong>: paste the digest into the <strong>Find by digest</strong> box in the header and press Enter. One matching event opens at once; when the same error happened
          several times, Lantern lists the events, newest first. An event&apos;s page shows its digest next to its trace id, linking back to this lookup.
        </li>
        <li>
          <strong>In the issue search</strong>: <code>digest:2654435761</code> lists the issues whose events carry it, <code>has:digest</code> those with any digest; the API&apos;s issue lists take the same{" "}
          <code>query=</code>.
        </li>
        <li>
          <strong>From the command line</strong>: <code>lantern digest 2654435761</code> prints the URL of each matching event (with <code>LANTERN_URL</code> as its origin), one a line, and exits with
          status 1 when no event carries the digest.
        </li>
      </ul>
      <CodeBlock code="npx lantern digest 2654435761" label="CLI command" />
    </>
  );
}
