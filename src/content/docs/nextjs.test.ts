import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { exampleDsn } from "./example-dsn";
import { findDocPage } from "./index";
import { Nextjs, nextjsSetupFiles } from "./nextjs";

const fixtureRoot = new URL("../../../e2e/nextjs-app/", import.meta.url);
const dsn = "http://0123456789abcdef0123456789abcdef@lantern.example.com:3000/7";

/** The code without comment lines and blank lines: what the e2e fixture runs and the docs must show. */
function codeLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "" && !line.trim().startsWith("//"));
}

describe("Docs → Getting started with Next.js", () => {
  it("shows each file of the fixture app the e2e suite drives, with the DSN written in where the fixture reads it from the environment", () => {
    const files = nextjsSetupFiles(dsn, "nextjs-fixture");
    expect(files.map((file) => file.path)).toEqual([
      "instrumentation-client.ts",
      "instrumentation.ts",
      "sentry.server.config.ts",
      "sentry.edge.config.ts",
      "next.config.ts",
      "app/global-error.tsx",
      "app/sentry-tunnel/route.ts",
    ]);
    for (const file of files) {
      const fixture = readFileSync(new URL(file.path, fixtureRoot), "utf8").replaceAll("process.env.NEXT_PUBLIC_SENTRY_DSN", JSON.stringify(dsn));
      expect(codeLines(file.code), file.path).toEqual(codeLines(fixture));
    }
  });

  it("puts the DSN into every Sentry.init and the project into withSentryConfig, tunnelling through /monitoring with uploads off", () => {
    const files = new Map(nextjsSetupFiles(dsn, "checkout-web").map((file) => [file.path, file.code]));
    for (const path of ["instrumentation-client.ts", "sentry.server.config.ts", "sentry.edge.config.ts"]) expect(files.get(path)).toContain(`dsn: "${dsn}",`);
    expect(files.get("next.config.ts")).toContain('project: "checkout-web",');
    expect(files.get("next.config.ts")).toContain('tunnelRoute: "/monitoring",');
    // The build uploads its maps when CI sets SENTRY_AUTH_TOKEN: the token names the instance and organization.
    expect(files.get("next.config.ts")).not.toContain("sourcemaps");
    expect(files.get("app/sentry-tunnel/route.ts")).toBe('export { POST } from "@sentry/nextjs/tunnel";');
  });

  it("fills in the project the server chose, links the viewer's other projects, and shows placeholders without one", () => {
    const project = { slug: "shop-web", name: "Shop web", dsn, others: [{ slug: "blog", name: "Blog & news" }] };
    // The text as read: identifiers carry <wbr> line-break hints (IdentifierText).
    const html = renderToStaticMarkup(createElement(Nextjs, { project })).replaceAll("<wbr/>", "");
    expect(html).toContain(`dsn: &quot;${dsn}&quot;`);
    expect(html).toContain("project: &quot;shop-web&quot;");
    expect(html).not.toContain(exampleDsn.replaceAll("<", "&lt;").replaceAll(">", "&gt;"));
    expect(html).toContain('<a href="/projects/shop-web/setup">Setup</a>');
    expect(html).toContain('<a href="/docs/getting-started/nextjs?project=blog">Blog &amp; news</a>');
    const alone = renderToStaticMarkup(createElement(Nextjs, { project: { ...project, others: [] } })).replaceAll("<wbr/>", "");
    expect(alone).not.toContain("For another project");
    const placeholders = renderToStaticMarkup(createElement(Nextjs, { project: null })).replaceAll("<wbr/>", "");
    expect(placeholders).toContain("project: &quot;checkout-web&quot;");
    expect(placeholders).not.toContain(dsn);
  });

  it("is listed under Getting started, asks the server for a project's DSN, and renders every file, the digest section and the troubleshooting list", () => {
    const page = findDocPage(["getting-started", "nextjs"]);
    expect(page?.Content).toBe(Nextjs);
    expect(page?.showsProjectDsn).toBe(true);
    const html = renderToStaticMarkup(createElement(Nextjs, { project: null })).replaceAll("<wbr/>", "");
    for (const file of nextjsSetupFiles(exampleDsn, "checkout-web")) expect(html).toContain(`<h3><code>${file.path}</code></h3>`);
    expect(html).toContain(`dsn: &quot;${exampleDsn.replaceAll("<", "&lt;").replaceAll(">", "&gt;")}&quot;`);
    for (const [id, heading] of [["digests", "Digests"], ["troubleshooting", "Troubleshooting"]]) expect(html).toContain(`<h2 id="${id}">${heading}</h2>`);
    for (const heading of ["Nothing arrives", "Browser errors are blocked", "A digest is not found"]) expect(html).toContain(`<h3>${heading}</h3>`);
    expect(html).toContain("No event carries the digest …");
    expect(html).toContain('href="/docs/guides/digest-lookup"');
  });
});
