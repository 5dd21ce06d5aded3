import { withSentryConfig } from "@sentry/nextjs/config";
import type { NextConfig } from "next";

const nextConfig: NextConfig = {};

// As the wizard writes it, with the org/project Lantern shows and no source map upload.
export default withSentryConfig(nextConfig, {
  org: "lantern",
  project: "nextjs-fixture",
  silent: !process.env.CI,
  telemetry: false,
  // Browser events go through the app's own origin: app/sentry-tunnel/route.ts forwards them to the DSN.
  tunnelRoute: "/monitoring",
  sourcemaps: { disable: true },
});
