/** What src/server/monitoring hands to pages and components, as plain data (the verbs that produce it re-export it). */

export interface SelfMonitoringOptions {
  dsn: string;
  tracesSampleRate: number;
}
