import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TagDistribution as TagDistributionData } from "@/lib/views/issues";
import { TagDistribution } from "./tag-distribution";

function tag(key: string, values: [string, number][]): TagDistributionData {
  const total = values.reduce((sum, [, count]) => sum + count, 0);
  return { key, total, valueCount: values.length, topValues: values.map(([value, count]) => ({ value, count, share: count / total })), otherCount: 0 };
}

const render = (tags: TagDistributionData[], eventTags: [string, string][] = []) => renderToStaticMarkup(createElement(TagDistribution, { tags, eventTags }));

describe("TagDistribution", () => {
  it("shows each tag on one line with its values' shares, the event's value marked, counts for screen readers", () => {
    const html = render([tag("plan", [["pro", 2], ["free", 1]])], [["plan", "pro"]]);
    expect(html).toContain('aria-label="Tag plan"');
    expect(html).toMatch(/pro<\/span><span[^>]*>\(this event\)<\/span> <span[^>]*>67%<span class="sr-only"> \(2 events\)<\/span>/);
    expect(html).toMatch(/free<\/span> <span[^>]*>33%<span class="sr-only"> \(1 event\)<\/span>/);
  });

  it("leaves out derived keys that repeat a parent key the issue has, and keeps them when it has none", () => {
    const html = render([tag("browser", [["Chrome 131", 3]]), tag("browser.name", [["Chrome", 3]]), tag("os.name", [["Linux", 3]])]);
    expect(html).toContain("Tag browser");
    expect(html).not.toContain("Tag browser.name");
    expect(html).toContain("Tag os.name");
  });
});
