import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EventDetails } from "./event-details";

// <wbr/> (IdentifierText) is a line-break hint, not a space.
const text = (html: string) => html.replace(/<wbr\/>/g, "").replace(/<[^>]+>/g, " ").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/\s+/g, " ");
const render = (payload: Record<string, unknown>, fingerprintUse: string | null = null) =>
  renderToStaticMarkup(createElement(EventDetails, { payload, timestamp: 0, attachments: [], attachmentsBase: "/a", fingerprintUse }));
/** The region of one section, by its title. */
const section = (html: string, title: string) => {
  const start = html.indexOf(`<section class="mt-4 min-w-0" aria-label="${title}">`);
  if (start === -1) return null;
  return html.slice(start, html.indexOf("</section>", start));
};

describe("EventDetails", () => {
  it("shows the message's template and its parameters", () => {
    const html = render({ logentry: { formatted: "Charge 42 failed for ada", message: "Charge %s failed for %s", params: ["42", "ada"] } });
    expect(text(section(html, "Message")!)).toContain("Charge 42 failed for ada Template: Charge %s failed for %s Parameters 0 42 1 ada");
  });

  it("lists threads with crashed and current marked, folded at first", () => {
    const html = render({ threads: { values: [{ id: 7, name: "worker", crashed: true, current: true, stacktrace: { frames: [{ function: "run", filename: "worker.js", in_app: true }] } }, { id: 1, name: "main", main: true }] } });
    const threads = section(html, "Threads")!;
    expect(threads).toMatch(/aria-expanded="false"[^>]*>.*Show 2 threads/);
    expect(text(threads)).toContain("worker #7 crashed current");
    expect(text(threads)).toContain("main #1 main No stack trace.");
    expect(text(threads)).toContain("worker.js in run");
  });

  it("shows the fingerprint with what grouping made of it, modules, debug images and processing errors", () => {
    const html = render(
      {
        fingerprint: ["checkout-failed", "{{ default }}"],
        modules: { zod: "4.0.0", "@sentry/node": "10.78.0" },
        debug_meta: { images: [{ type: "sourcemap", code_file: "app:///main.js", debug_id: "c941d872-af1f-4f0c-a7ff-ad3d295fe153" }] },
        errors: [{ type: "invalid_data", name: "release", value: "a/b" }],
        level: "warning",
      },
      "Grouped by this fingerprint (modified in-app stack trace: fingerprint set by the SDK).",
    );
    expect(text(section(html, "Fingerprint")!)).toContain("checkout-failed {{ default }} Grouped by this fingerprint (modified in-app stack trace: fingerprint set by the SDK).");
    expect(text(section(html, "Modules")!)).toContain("Show 2 modules @sentry/node 10.78.0 zod 4.0.0");
    expect(text(section(html, "Debug images")!)).toContain("app:///main.js type sourcemap debug id c941d872-af1f-4f0c-a7ff-ad3d295fe153");
    expect(text(section(html, "Processing errors")!)).toContain("There was 1 problem processing this event invalid_data release : a/b");
    expect(text(section(html, "Release and environment")!)).toContain("level warning");
  });

  it("folds the sections after the exception on a phone, never the exception", () => {
    const html = render({ exception: { values: [{ type: "Error", value: "boom" }] }, extra: { orderId: "o-1" }, tags: [["plan", "pro"]] });
    expect(section(html, "Exception")).not.toContain("max-md:hidden");
    expect(section(html, "Additional data")).toMatch(/<button type="button" aria-expanded="false"[^>]*md:hidden[^>]*>.*Additional data.*\(1\)/);
    expect(section(html, "Additional data")).toContain('<div class="max-md:hidden">');
  });
});
