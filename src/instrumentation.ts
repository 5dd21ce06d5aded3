import * as Sentry from "@sentry/nextjs";

export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { initServerDiagnostics } = await import("./server/monitoring/init-server-diagnostics");
    await initServerDiagnostics();
  }
}

export const onRequestError = Sentry.captureRequestError;
