import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OverviewIssueViewSwitch } from "@/components/projects/overview-issue-views";
import { ChartRangeSwitch } from "@/components/charts/chart-range-switch";

const ranges = [
  { value: "24h", label: "24 hours", period: "the last 24 hours" },
  { value: "14d", label: "14 days", period: "the last 14 days" },
] as const;
const hrefs = (html: string) => Array.from(html.matchAll(/href="([^"]+)"/g), (match) => match[1]!.replace(/&amp;/g, "&"));

describe("SegmentedLinks", () => {
  it("keeps the overview's issue view when the chart range changes, and the range when the view changes", () => {
    const rangeLinks = renderToStaticMarkup(createElement(ChartRangeSwitch, { label: "Overview range", ranges, current: "24h", path: "/projects/shop", parameter: "range", keep: { issues: "new" } }));
    expect(hrefs(rangeLinks)).toEqual(["/projects/shop?issues=new", "/projects/shop?issues=new&range=14d"]);
    const viewLinks = renderToStaticMarkup(createElement(OverviewIssueViewSwitch, { current: "new", path: "/projects/shop", keep: { range: "14d" }, newCount: 3 }));
    expect(hrefs(viewLinks)).toEqual(["/projects/shop?range=14d", "/projects/shop?range=14d&issues=new"]);
    expect(viewLinks).toContain('aria-current="page"');
    expect(viewLinks).toContain("New today (3)");
  });

  it("gives the first option, the page's default, the bare path", () => {
    const html = renderToStaticMarkup(createElement(ChartRangeSwitch, { label: "Chart range", ranges, current: "14d", path: "/projects/shop/issues/7", parameter: "volume" }));
    expect(hrefs(html)).toEqual(["/projects/shop/issues/7", "/projects/shop/issues/7?volume=14d"]);
  });
});
