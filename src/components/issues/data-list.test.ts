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
  it("leads with custom contexts, each titled, nested values as a tree; known ones as text", () => {
    const contexts = readNamedContexts({ contexts: { os: { name: "Linux" }, runtime: { name: "node" }, shipping_address: { city: "Köln", stops: [1, 2] } } });
    const html = renderToStaticMarkup(createElement(ContextCards, { contexts }));
    const titles = [...html.matchAll(/<h4[^>]*>([^<]+)<\/h4>/g)].map((match) => match[1]);
    expect(titles).toEqual(["Shipping Address", "Operating system", "Runtime"]);
    expect(html).toContain('role="group" aria-label="stops"');
    expect(text(html)).toContain("Operating system name Linux");
  });
});
