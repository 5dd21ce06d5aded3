import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RelativeTime } from "@/components/issues/relative-time";
import { formatTimestamp } from "@/lib/format-time";
import { ActionMessages } from "./action-messages";
import { TextTooltip } from "./text-tooltip";
import { Tooltip } from "./tooltip";

type TextTooltipProps = ComponentProps<typeof TextTooltip>;
type TooltipProps = ComponentProps<typeof Tooltip>;

describe("TextTooltip", () => {
  it("makes the text focusable, so keyboard users open the tooltip, and reads the exact form to screen readers", () => {
    const html = renderToStaticMarkup(createElement(TextTooltip, { tooltip: "25,276,063,744 bytes" } as TextTooltipProps, "23.5 GiB"));
    expect(html).toMatch(/^<span[^>]*tabindex="0"[^>]*>23\.5 GiB<span class="sr-only"> \(25,276,063,744 bytes\)<\/span><\/span>$/);
    expect(html).not.toContain("title=");
  });

  it("adds no hidden copy when the text is the whole value, only cut short by CSS", () => {
    const html = renderToStaticMarkup(createElement(TextTooltip, { tooltip: "Mozilla/5.0 (X11; Linux x86_64)", isWholeText: true } as TextTooltipProps, "Mozilla/5.0 (X11; Linux x86_64)"));
    expect(html).not.toContain("sr-only");
    expect(html).toContain('tabindex="0"');
  });
});

describe("RelativeTime", () => {
  it("keeps the machine-readable time, with the exact UTC time for keyboard and screen-reader users instead of a title", () => {
    const time = Date.UTC(2026, 10, 26, 7, 40, 12);
    const html = renderToStaticMarkup(createElement(RelativeTime, { time }));
    expect(html).toContain(`dateTime="${new Date(time).toISOString()}"`);
    expect(html).toContain('tabindex="0"');
    expect(html).toContain(`<span class="sr-only"> (${formatTimestamp(time)})</span>`);
    expect(html).not.toContain("title=");
  });
});

describe("Tooltip", () => {
  it("with `describes`, gives a link a lasting description that names the tooltip's text", () => {
    const html = renderToStaticMarkup(createElement(Tooltip, { content: "Permalink to this event", describes: true } as TooltipProps, createElement("a", { href: "/e/1" }, "0123abcd")));
    const describedBy = /<a [^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(describedBy).toBeTruthy();
    expect(html).toContain(`<span id="${describedBy}" hidden="">Permalink to this event</span>`);
  });

  it("without it, leaves the description to Radix while the tooltip is open", () => {
    const html = renderToStaticMarkup(createElement(Tooltip, { content: "Hint" } as TooltipProps, createElement("button", { type: "button" }, "Go")));
    expect(html).not.toContain("aria-describedby");
    expect(html).not.toContain("Hint");
  });
});

describe("ActionMessages", () => {
  it("shows an action's error as an alert and its confirmation as a status, and nothing before an answer", () => {
    expect(renderToStaticMarkup(createElement(ActionMessages, { state: {} }))).toBe("");
    const html = renderToStaticMarkup(createElement(ActionMessages, { state: { error: "No such rule." }, className: "mt-3", errorClassName: "border" }));
    expect(html).toBe('<p role="alert" class="text-sm text-danger mt-3 border">No such rule.</p>');
    expect(renderToStaticMarkup(createElement(ActionMessages, { state: { message: "Saved." } }))).toBe('<p role="status" class="text-sm text-muted-foreground">Saved.</p>');
  });
});
