import { dsnMetaName, tracesSampleRateMetaName } from "@/lib/diagnostics-meta";
import type { SelfMonitoringOptions } from "@/lib/views/monitoring";

/** Hands Lantern's own DSN to the browser SDK (read in instrumentation-client.ts). */
export function DiagnosticsMetaTags({ options }: { options: SelfMonitoringOptions | null }) {
  if (!options) return null;
  return (
    <>
      <meta name={dsnMetaName} content={options.dsn} />
      <meta name={tracesSampleRateMetaName} content={String(options.tracesSampleRate)} />
    </>
  );
}
