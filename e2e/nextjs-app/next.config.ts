import { withSentryConfig } from "@sentry/nextjs/config";
import type { NextConfig } from "next";

const nextConfig: NextConfig = {};

// As the wizard writes it, with the org/project Lantern shows. No URL: the build uploads its source maps when
// SENTRY_AUTH_TOKEN is set, and Lantern's token names the instance (the e2e build sets that variable alone).
export default withSentryConfig(nextConfig, {
  org: "lantern",
  project: "nextjs-fixture",
  silent: !process.env.CI,
  telemetry: false,
  // Browser events go through the app's own origin: app/sentry-tunnel/route.ts forwards them to the DSN.
  tunnelRoute: "/monitoring",
});
