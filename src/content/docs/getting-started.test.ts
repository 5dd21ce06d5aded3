import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { exampleDsnAt } from "./example-dsn";
import { GettingStarted } from "./getting-started";
import { Nextjs } from "./nextjs";

const instance = { url: "https://errors.example.com/lantern", org: "lantern", email: "owner@example.com" };
const escape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

describe("Docs snippets are written for this instance (LANTERN_URL), not localhost:3000", () => {
  it("builds the example DSN from the instance's URL, path included, as lantern project create prints it", () => {
    expect(exampleDsnAt("https://errors.example.com/lantern")).toBe("https://<public key>@errors.example.com/lantern/<project id>");
    expect(exampleDsnAt("http://10.0.0.5:8080/")).toBe("http://<public key>@10.0.0.5:8080/<project id>");
  });

  it("Getting started: every SDK snippet, the CSP header and the OTLP endpoint point at the instance", () => {
    // The text as read: identifiers carry <wbr> line-break hints (IdentifierText).
    const html = renderToStaticMarkup(createElement(GettingStarted, { instance })).replaceAll("<wbr/>", "");
    expect(html).not.toContain("localhost:3000");
    expect(html).toContain(`dsn: ${escape(JSON.stringify("https://<public key>@errors.example.com/lantern/<project id>"))}`);
    expect(html).toContain(escape("report-uri https://errors.example.com/lantern/api/PROJECT_ID/security/?sentry_key=PUBLIC_KEY"));
    expect(html).toContain("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=https://errors.example.com/lantern/api/PROJECT_ID/integration/otlp/v1/traces");
    expect(html).toContain("this instance is at <code>https://errors.example.com/lantern</code>");
  });

  it("Getting started with Next.js: the placeholder DSN, without a project, is the instance's", () => {
    const html = renderToStaticMarkup(createElement(Nextjs, { project: null, instance })).replaceAll("<wbr/>", "");
    expect(html).not.toContain("localhost:3000");
    expect(html).toContain(`dsn: ${escape(JSON.stringify("https://<public key>@errors.example.com/lantern/<project id>"))}`);
  });
});
