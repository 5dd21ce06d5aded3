import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { docPages } from "./index";

/** Each h2 of a rendered page: its id (null without one) and its text. */
function headings(markup: string): { id: string | null; text: string }[] {
  return [...markup.matchAll(/<h2(?: id="([^"]*)")?[^>]*>(.*?)<\/h2>/g)].map((match) => ({
    id: match[1] ?? null,
    text: match[2]!.replace(/<[^>]+>/g, "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&"),
  }));
}

describe("the docs' tables of contents", () => {
  it.each(docPages.map((page) => [page.slug.join("/"), page] as const))("%s: every long page lists each of its sections, whose heading carries the id it links to", (_, page) => {
    const found = headings(renderToStaticMarkup(createElement(page.Content, { project: null, instance: null })));
    if (found.length >= 3) expect(page.sections, "a page of three sections or more has a table of contents").toBeDefined();
    if (!page.sections) return;
    expect(found).toEqual(page.sections.map((section) => ({ id: section.id, text: section.title })));
    expect(new Set(page.sections.map((section) => section.id)).size).toBe(page.sections.length);
  });
});
