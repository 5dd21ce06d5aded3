import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JsonTree } from "./json-tree";

const render = (value: unknown) => renderToStaticMarkup(createElement(JsonTree, { value, label: "Event JSON" }));
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&").replace(/&#x27;/g, "'");

describe("JsonTree", () => {
  it("reads as the JSON it shows, with keys, strings and numbers told apart", () => {
    const html = render({ event_id: "abc", count: 3, ok: true, none: null, tags: [["plan", "pro"]], empty: {} });
    expect(text(html)).toContain('"event_id": "abc",');
    expect(text(html)).toContain('"count": 3,');
    expect(html).toMatch(/<span class="text-sky-800[^"]*">&quot;event_id&quot;<\/span>/);
    expect(html).toMatch(/<span class="text-emerald-800[^"]*">&quot;abc&quot;<\/span>/);
    expect(html).toMatch(/<span class="text-amber-800[^"]*">3<\/span>/);
    expect(html).toMatch(/<span class="text-violet-800[^"]*">true<\/span>/);
    expect(text(html)).toContain('"empty": {}');
  });

  it("gives every object and array a fold button, open at first", () => {
    const html = render({ user: { id: 1 }, tags: [1, 2] });
    expect(html.match(/<button[^>]*aria-expanded="true"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="user, 1 key"');
    expect(html).toContain('aria-label="tags, 2 items"');
  });

  it("renders hostile strings as text, never as markup", () => {
    const html = render({ message: "<img src=x onerror=alert(1)>" });
    expect(html).not.toContain("<img");
    expect(text(html)).toContain('"<img src=x onerror=alert(1)>"');
  });
});
