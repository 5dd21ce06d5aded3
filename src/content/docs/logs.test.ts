import { describe, expect, it } from "vitest";
import { otlpLogsTarget } from "./logs";

describe("the logs guide's OpenTelemetry settings", () => {
  it("derive the project's OTLP logs endpoint and key from its DSN, a path prefix included", () => {
    expect(otlpLogsTarget("https://0123abcd@errors.example.com/42")).toEqual({ endpoint: "https://errors.example.com/api/42/integration/otlp/v1/logs", key: "0123abcd" });
    expect(otlpLogsTarget("http://k@127.0.0.1:3000/lantern/7")).toEqual({ endpoint: "http://127.0.0.1:3000/lantern/api/7/integration/otlp/v1/logs", key: "k" });
  });
  it("fall back to placeholders for the docs' example DSN", () => {
    expect(otlpLogsTarget("http://<public key>@localhost:3000/<project id>")).toEqual({ endpoint: "http://localhost:3000/api/<project id>/integration/otlp/v1/logs", key: "<public key>" });
  });
});
