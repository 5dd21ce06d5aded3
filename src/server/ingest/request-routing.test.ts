import { describe, expect, it } from "vitest";
import { formatRateLimits } from "./rate-limiter";
import { matchIngestEndpoint } from "./serve-node-ingest";

describe("matchIngestEndpoint", () => {
  it.each([
    ["/api/42/envelope/", { kind: "envelope", projectId: "42" }],
    ["/api/42/envelope", { kind: "envelope", projectId: "42" }],
    ["/api/42/envelope/?sentry_key=abc&sentry_version=7", { kind: "envelope", projectId: "42" }],
    ["//api/42//envelope/", { kind: "envelope", projectId: "42" }],
    ["/api/42/store/", { kind: "store", projectId: "42" }],
    ["/api/42/security/?sentry_key=abc", { kind: "security", projectId: "42" }],
    ["/api/42/csp-report", { kind: "security", projectId: "42" }],
    ["/api/shop/envelope/", { kind: "envelope", projectId: "shop" }],
    ["/api/42/integration/otlp/v1/traces", { kind: "otlp-traces", projectId: "42" }],
    ["/api/42/integration/otlp/v1/traces/", { kind: "otlp-traces", projectId: "42" }],
    ["/api/42/integration/otlp/v1/traces?sentry_key=abc", { kind: "otlp-traces", projectId: "42" }],
    ["/api/42/otlp/v1/traces", { kind: "otlp-traces", projectId: "42" }],
    ["/api/42/integration/otlp/v1/logs", { kind: "otlp-logs", projectId: "42" }],
    ["/api/42/integration/otlp/v1/logs/", { kind: "otlp-logs", projectId: "42" }],
    ["/api/42/otlp/v1/traces/", { kind: "otlp-traces", projectId: "42" }],
    ["/monitoring", { kind: "tunnel" }],
    ["/monitoring/?o=1", { kind: "tunnel" }],
  ])("routes %s to ingest", (path, endpoint) => {
    expect(matchIngestEndpoint(path)).toEqual(endpoint);
  });

  it.each(["/projects", "/api/42/envelopes/", "/monitoring-dashboard", "/api/42/envelope/extra", "/docs/monitoring", "/api/42/otlp/v1/logs", "/api/42/integration/otlp/v1/logsx", "/api/42/integration/otlp/v1/traces/extra", "/api/42/integration/otlp/v1/tracesx"])("leaves %s to Next", (path) => {
    expect(matchIngestEndpoint(path)).toBeNull();
  });
});

describe("formatRateLimits", () => {
  it("writes Relay's retry_after:categories:scope:reason_code, joined by commas", () => {
    expect(
      formatRateLimits([
        { retryAfterSeconds: 60, categories: ["default", "error"], scope: "key", reasonCode: "key_quota" },
        { retryAfterSeconds: 10, categories: [], scope: "organization", reasonCode: "backlog" },
      ]),
    ).toBe("60:default;error:key:key_quota, 10::organization:backlog");
  });
});
