import * as Sentry from "@sentry/nextjs";

export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { initServerDiagnostics } = await import("./server/monitoring/init-server-diagnostics");
    await initServerDiagnostics();
    if (process.env.NODE_ENV === "development") {
      const { recordDevServerUrl } = await import("./server/instance/record-dev-server-url");
      await recordDevServerUrl();
    }
  }
}

export const onRequestError = Sentry.captureRequestError;
