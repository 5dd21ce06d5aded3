import type { Metadata } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { DiagnosticsMetaTags } from "@/components/diagnostics-meta-tags";
import { AppShell } from "@/components/shell/app-shell";
import { ThemeProvider } from "@/components/shell/theme-provider";
import { getOptionalViewer } from "@/server/access/get-optional-viewer";
import { toShellViewer } from "@/server/access/require-page-viewer";
import { loadEnvironmentPicker } from "@/server/pages/load-environment-picker";
import { readCspNonce } from "@/server/http/security-headers";
import { getSelfMonitoringOptions } from "@/server/monitoring/get-self-monitoring-options";
import "@/styles/globals.css";
import { pickEnvironmentAction } from "./(dashboard)/environment/actions";

export const metadata: Metadata = {
  title: { default: "Lantern", template: "%s · Lantern" },
  description: "Self-hosted error monitoring for the Sentry SDKs.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The diagnostics DSN lives in the database, so every page is rendered at request time.
  await connection();
  const [diagnostics, viewer, requestHeaders] = await Promise.all([getSelfMonitoringOptions(), getOptionalViewer(), headers()]);
  // lantern start's per-response nonce (none under `next dev`): the theme's inline script needs it to run.
  const nonce = readCspNonce(requestHeaders.get("content-security-policy"));
  const environment = viewer ? { ...(await loadEnvironmentPicker(viewer)), pick: pickEnvironmentAction } : undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <DiagnosticsMetaTags options={diagnostics} />
      </head>
      <body>
        <ThemeProvider nonce={nonce}>
          <AppShell viewer={viewer ? toShellViewer(viewer) : null} environment={environment}>{children}</AppShell>
        </ThemeProvider>
      </body>
    </html>
  );
}
