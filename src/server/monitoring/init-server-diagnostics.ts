import * as Sentry from "@sentry/nextjs";
import { getConfig } from "../config";
import { getSelfMonitoringOptions } from "./get-self-monitoring-options";
import { isIngestRequest, isIngestTransaction } from "./is-ingest-transaction";

/**
 * Lantern's server-side SDK. It sends through this process's own /monitoring tunnel over loopback,
 * so its events take the same path as the browser's. The server's error digest becomes a tag, so an
 * event can be found from the "Digest:" line a user reads on the error page.
 */
export async function initServerDiagnostics(): Promise<void> {
  const options = await getSelfMonitoringOptions();
  if (!options) return;
  Sentry.init({
    dsn: options.dsn,
    tunnel: `${getConfig().internalUrl}/monitoring`,
    tracesSampler: (context) => (isIngestRequest(context) ? 0 : context.inheritOrSampleWith(options.tracesSampleRate)),
    beforeSendTransaction: (event) => (isIngestTransaction(event.transaction ?? "") ? null : event),
    sendDefaultPii: false,
    beforeSend(event, hint) {
      const digest = (hint.originalException as { digest?: unknown } | undefined)?.digest;
      if (typeof digest === "string") event.tags = { ...event.tags, digest };
      return event;
    },
  });
}
