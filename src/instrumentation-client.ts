import * as Sentry from "@sentry/nextjs";
import { readDiagnosticsMeta } from "./lib/diagnostics-meta";
import { isNotFoundPageTrace } from "./lib/not-found-page";

// The DSN is created on Lantern's first start, so the server writes it into each page (see DiagnosticsMeta).
const diagnostics = readDiagnosticsMeta(document);
if (diagnostics) {
  Sentry.init({
    dsn: diagnostics.dsn,
    tunnel: "/monitoring",
    tracesSampleRate: diagnostics.tracesSampleRate,
    sendDefaultPii: false,
    beforeSendTransaction: (event) => (isNotFoundPageTrace(event.contexts?.trace?.op, document, performance) ? null : event),
  });
}

export const onRouterTransitionStart = Sentry.captureRouterTransitionStart;
