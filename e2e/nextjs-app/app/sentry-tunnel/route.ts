// With a DSN that is not sentry.io, tunnelRoute needs this handler (@sentry/nextjs ≥ 10.77.1).
export { POST } from "@sentry/nextjs/tunnel";
