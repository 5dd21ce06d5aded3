import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { readNamedContexts } from "@/lib/event-payload";
import { ContextCards } from "./context-cards";
import { DataList, formatScalar } from "./data-list";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&").replace(/\s+/g, " ");

describe("DataList", () => {
  it("shows scalars as text without JSON quotes, and nested values as a tree", () => {
    expect([formatScalar("EUR"), formatScalar(4200), formatScalar(false), formatScalar(null)]).toEqual(["EUR", "4200", "false", "null"]);
    const html = renderToStaticMarkup(createElement(DataList, { entries: [["currency", "EUR"], ["cart", { items: ["LAMP-01"] }]], label: "Additional data" }));
    expect(html).toContain('<dl class="');
    expect(text(html)).toContain("currency EUR");
    expect(html).toContain('role="group" aria-label="cart"');
    expect(text(html)).toMatch(/"items" ?: \[ "LAMP-01" \]/);
  });

  it("renders hostile keys and values as text", () => {
    const html = renderToStaticMarkup(createElement(DataList, { entries: [["<b>key</b>", "<img src=x onerror=alert(1)>"]], label: "Additional data" }));
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
    expect(text(html)).toContain("<img src=x onerror=alert(1)>");
  });
});

describe("ContextCards", () => {
  it("leads with custom contexts, titles each, and folds past the first four", () => {
    const contexts = readNamedContexts({ contexts: { os: { name: "Linux" }, device: { arch: "x64" }, runtime: { name: "node" }, app: { app_memory: 1 }, culture: { locale: "en" }, shipping_address: { city: "Köln" } } });
    const html = renderToStaticMarkup(createElement(ContextCards, { contexts }));
    const titles = [...html.matchAll(/<h4[^>]*>([^<]+)<\/h4>/g)].map((match) => match[1]);
    expect(titles).toEqual(["Shipping Address", "Operating system", "Device", "Runtime", "App", "Culture"]);
    expect(html).toMatch(/aria-expanded="false"[^>]*>.*Show 2 more contexts \(App, Culture\)/);
    expect(html).toMatch(/hidden="" class="mt-2">.*App/);
  });

  it("shows five contexts whole (a button would cost as much as the fifth)", () => {
    const contexts = readNamedContexts({ contexts: { os: { name: "Linux" }, device: { arch: "x64" }, runtime: { name: "node" }, app: { app_memory: 1 }, culture: { locale: "en" } } });
    expect(renderToStaticMarkup(createElement(ContextCards, { contexts }))).not.toContain("more contexts");
  });
});
