import { withSentryConfig } from "@sentry/nextjs/config";
import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // SDKs post to /api/{id}/envelope/ with the slash and never follow redirects.
  skipTrailingSlashRedirect: true,
  // @sentry/nextjs is loaded from node_modules once: bundled, Turbopack put a copy of it (with
  // OpenTelemetry) into three server chunks of 1.5 MB each, all loaded by `lantern start` (idle RSS
  // 231 -> 203 MB; docs/performance.md).
  serverExternalPackages: ["better-sqlite3", "pg", "kysely", "@sentry/nextjs"],
  experimental: {
    // Prefetched page data is reused for 30 s on dynamic pages and 300 s on static ones.
    staleTimes: { dynamic: 30, static: 300 },
  },
  // Maps for Lantern's own client and server chunks, each chunk with a debug ID, so Lantern's errors in its
  // own project resolve to src/ files. `npm run build` then moves the maps out of .next/static and
  // .next/server (scripts/keep-own-source-maps.mjs): never served, and never loaded by Node, which kept
  // every loaded bundle's map in memory once source maps were on (about 90 MB; docs/performance.md).
  productionBrowserSourceMaps: true,
  turbopack: { debugIds: true },
  poweredByHeader: false,
  // `npm test` type-checks the whole repository (tests included) with tsc; `npm start` need not repeat it.
  typescript: { ignoreBuildErrors: true },
};

export default withSentryConfig(nextConfig, {
  silent: true,
  telemetry: false,
  // Source maps of Lantern's own bundles are not uploaded anywhere (not even with SENTRY_AUTH_TOKEN set);
  // `lantern start` registers them in its own Lantern project. No auth token is needed to build.
  sourcemaps: { disable: true },
  widenClientFileUpload: false,
});
