import App, { type AppContext, type AppProps } from "next/app";
import Head from "next/head";
import { dsnMetaName, tracesSampleRateMetaName } from "@/lib/diagnostics-meta";
import { AppShell } from "@/components/shell/app-shell";
import { ThemeProvider } from "@/components/shell/theme-provider";
import type { ShellViewer } from "@/server/access/require-page-viewer";
import type { DiagnosticsProps } from "@/server/monitoring/with-diagnostics";
import "@/styles/globals.css";

export default function LanternPagesApp({ Component, pageProps }: AppProps<DiagnosticsProps & { viewer?: ShellViewer }>) {
  return (
    <ThemeProvider>
      {/* next/head takes only direct <meta> children, so the tags are written out here. */}
      {pageProps.diagnostics ? (
        <Head>
          <meta key="lantern-dsn" name={dsnMetaName} content={pageProps.diagnostics.dsn} />
          <meta key="lantern-traces" name={tracesSampleRateMetaName} content={String(pageProps.diagnostics.tracesSampleRate)} />
        </Head>
      ) : null}
      <AppShell viewer={pageProps.viewer ?? null}>
        <Component {...pageProps} />
      </AppShell>
    </ThemeProvider>
  );
}

// An App with getInitialProps is rendered per request, /404 included: without it /404 would be the one
// page prerendered at build time, with no nonce for the Content-Security-Policy, so its scripts would be refused.
LanternPagesApp.getInitialProps = async (context: AppContext) => App.getInitialProps(context);
