import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ignoreFormId, resolveFormId } from "@/lib/issue-shortcuts";
import { IssueActions } from "./issue-actions";

const noop = async () => ({});
const render = (status: string) =>
  renderToStaticMarkup(createElement(IssueActions, { issueId: 7, status, projectSlug: "shop", releases: ["shop@2.0.0"], actions: { resolve: noop, ignore: noop, reopen: noop, bulk: noop } }));

describe("IssueActions", () => {
  it("keeps the forms the r and i keys submit, sending resolve now and ignore forever by default", () => {
    const html = render("unresolved");
    expect(html).toMatch(new RegExp(`<form id="${resolveFormId}"[^>]*>.*?<input type="hidden" name="kind" value="now"/>`));
    expect(html).toMatch(new RegExp(`<form id="${ignoreFormId}"[^>]*>.*?<input type="hidden" name="until" value="forever"/>`));
  });

  it("shows three menu buttons on one row, and Reopen first once the issue is resolved or ignored", () => {
    const open = render("unresolved");
    expect(open.match(/aria-haspopup="menu"/g)).toHaveLength(3);
    expect(open).toContain('aria-label="More actions"');
    expect(open).not.toContain(">Reopen<");
    for (const status of ["resolved", "ignored"]) expect(render(status).indexOf(">Reopen<")).toBeLessThan(render(status).indexOf(">Resolve"));
  });
});
