import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { findDocPage } from "./index";
import { nextjsUploadConfig, SourceMaps, viteUploadConfig, webpackUploadConfig } from "./source-maps";

const instance = { url: "https://errors.example.org", org: "acme", email: "ci-owner@example.org" };
const target = { url: instance.url, org: instance.org, project: "checkout-web" };

function typesOf(path: string): string {
  return readFileSync(new URL(`../../../node_modules/${path}`, import.meta.url), "utf8");
}

describe("Docs → Source maps", () => {
  it("is listed under guides and loads a project the viewer sees", () => {
    expect(findDocPage(["guides", "source-maps"])).toMatchObject({ title: "Source maps", showsProjectDsn: true });
  });

  it("writes this instance's URL and organization, the project and the viewer's e-mail into the commands", () => {
    // The text as read: identifiers carry <wbr> line-break hints (IdentifierText).
    const html = renderToStaticMarkup(createElement(SourceMaps, { instance, project: { slug: "checkout-web", name: "Checkout" } })).replaceAll("<wbr/>", "");
    expect(html).toContain("export SENTRY_URL=https://errors.example.org");
    expect(html).toContain("npx sentry-cli sourcemaps inject ./dist");
    expect(html).toContain("npx sentry-cli sourcemaps upload --org acme --project checkout-web ./dist");
    expect(html).toContain("--release &quot;$RELEASE&quot; --url-prefix &#x27;~/assets&#x27; ./dist");
    expect(html).toContain("lantern token create --user ci-owner@example.org --scopes upload --name CI");
    expect(html).toContain('sentryUrl: &quot;https://errors.example.org&quot;');
  });

  it("shows placeholders when the viewer sees no project", () => {
    const html = renderToStaticMarkup(createElement(SourceMaps, { instance, project: null })).replaceAll("<wbr/>", "");
    expect(html).toContain("--project checkout-web");
    expect(html).toContain("stands for your project");
  });

  it("uses option names the installed SDK and bundler plugins declare", () => {
    const nextjsTypes = typesOf("@sentry/nextjs/build/types/config/types.d.ts");
    for (const option of ["sentryUrl", "org", "project", "authToken", "tunnelRoute", "telemetry", "silent"]) expect(nextjsTypes, option).toMatch(new RegExp(`\\b${option}\\?:`));
    expect(nextjsUploadConfig(target)).toContain('sentryUrl: "https://errors.example.org"');
    const pluginTypes = typesOf("@sentry/bundler-plugins/build/types/core/types.d.ts");
    for (const option of ["url", "org", "project", "authToken", "telemetry", "filesToDeleteAfterUpload"]) expect(pluginTypes, option).toMatch(new RegExp(`\\b${option}\\?:`));
    for (const code of [viteUploadConfig(target), webpackUploadConfig(target)]) expect(code).toContain('url: "https://errors.example.org",\n      org: "acme",\n      project: "checkout-web",');
  });
});
