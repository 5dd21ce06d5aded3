import { getSelfMonitoringOptions, type SelfMonitoringOptions } from "./get-self-monitoring-options";

export interface DiagnosticsProps {
  diagnostics?: SelfMonitoringOptions | null;
}

/** Adds Lantern's own DSN to a Pages Router page's props; _app writes it into the head. */
export async function withDiagnostics<P extends object>(props: P): Promise<P & DiagnosticsProps> {
  return { ...props, diagnostics: await getSelfMonitoringOptions() };
}
