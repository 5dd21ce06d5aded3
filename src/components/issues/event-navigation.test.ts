import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EventNavigation } from "./event-navigation";

const render = (olderEventId: string | null) =>
  renderToStaticMarkup(createElement(EventNavigation, { eventsBase: "/projects/shop/issues/7/events", currentEventId: "b", oldestEventId: "a", olderEventId, newerEventId: null, latestEventId: "b" }));

describe("EventNavigation", () => {
  it("styles each step's link as a button and describes it with its tooltip's words, not a title", () => {
    const html = render("a");
    const older = /<a [^>]*href="\/projects\/shop\/issues\/7\/events\/a"[^>]*>(?:(?!<\/a>).)*Older<\/a>/.exec(html)?.[0] ?? "";
    expect(older).toContain("px-2 sm:px-3");
    const describedBy = /aria-describedby="([^"]+)"/.exec(older)?.[1];
    expect(html).toContain(`<span id="${describedBy}" hidden="">The event before this one (e)</span>`);
    expect(html).not.toContain("title=");
  });

  it("leaves a step with nowhere to go unfocusable, without a tooltip", () => {
    const html = render(null);
    expect(html).toMatch(/<span aria-disabled="true" class="[^"]*cursor-not-allowed[^"]*">(?:(?!<\/span>).)*Newer/);
    expect(html).not.toContain("The event after this one");
  });
});
