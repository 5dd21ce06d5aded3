/** The <meta> tags through which the server hands Lantern's own DSN to the browser SDK. */
export const dsnMetaName = "lantern-diagnostics-dsn";
export const tracesSampleRateMetaName = "lantern-diagnostics-traces-sample-rate";

export interface DiagnosticsMeta {
  dsn: string;
  tracesSampleRate: number;
}

export function readDiagnosticsMeta(document: Document): DiagnosticsMeta | null {
  const dsn = document.querySelector<HTMLMetaElement>(`meta[name="${dsnMetaName}"]`)?.content;
  if (!dsn) return null;
  const rate = Number(document.querySelector<HTMLMetaElement>(`meta[name="${tracesSampleRateMetaName}"]`)?.content ?? 0);
  return { dsn, tracesSampleRate: Number.isFinite(rate) ? rate : 0 };
}
