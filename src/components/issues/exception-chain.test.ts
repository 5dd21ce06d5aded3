import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { readExceptions } from "@/lib/event-payload";
import { describeFrameDiagnosis, frameNoteKey, type FrameNote } from "@/lib/frame-diagnosis";
import { ExceptionChain } from "./exception-chain";

const target = { org: "lantern", project: "shop", url: "https://lantern.example" };
const hostileRelease = `<img src=x onerror=alert(1)>'; rm -rf /`;

describe("ExceptionChain with source-map notes", () => {
  it("shows each still-minified frame's diagnosis and command as text, the frames resolved now, and a Minified view when frames were resolved", () => {
    const payload = {
      exception: {
        values: [
          {
            type: "Error",
            value: "Amount too large: 20",
            stacktrace: {
              frames: [
                { abs_path: "https://shop.example/assets/app.min.js", filename: "/assets/app.min.js", function: "Module.s", lineno: 1, colno: 268 },
                { abs_path: "../src/checkout.ts", filename: "../src/checkout.ts", function: "convert", lineno: 4, colno: 28, in_app: true, context_line: "    throw new Error();", data: { sourcemap: "~/assets/app.min.js.map" } },
              ],
            },
            raw_stacktrace: { frames: [{ abs_path: "https://shop.example/assets/app.min.js", function: "Module.s", lineno: 1, colno: 268 }, { abs_path: "https://shop.example/assets/app.min.js", function: "n.convert", lineno: 1, colno: 126 }] },
          },
        ],
      },
    };
    const notes: Record<string, FrameNote> = {
      [frameNoteKey("exception", 0, 0)]: { isResolvedNow: false, diagnosis: { code: "release_file_not_found", ...describeFrameDiagnosis({ code: "release_file_not_found", release: hostileRelease, dist: null, url: "~/assets/app.min.js", closest: ["~/static/<b>app.min.js</b>"] }, target) } },
      [frameNoteKey("exception", 0, 1)]: { isResolvedNow: true, diagnosis: null },
    };
    const html = renderToStaticMarkup(createElement(ExceptionChain, { exceptions: readExceptions(payload, notes), resolvedNow: 1 }));
    expect(html).toContain("1 frame was resolved now with source maps uploaded after this event arrived");
    expect(html).toContain(">Resolved now</span>");
    expect(html).toContain(">Minified</button>");
    expect(html).toContain("Release &lt;img src=x onerror=alert(1)&gt;&#x27;; rm -rf / has no file matching ~/assets/app.min.js");
    expect(html).toContain("--release &#x27;&lt;img src=x onerror=alert(1)&gt;&#x27;\\&#x27;&#x27;; rm -rf /&#x27;");
    expect(html).toContain("<li>~/static/&lt;b&gt;app.min.js&lt;/b&gt;</li>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
  });

  it("offers no Minified view when no frame was resolved", () => {
    const html = renderToStaticMarkup(createElement(ExceptionChain, { exceptions: readExceptions({ exception: { values: [{ type: "Error", stacktrace: { frames: [{ filename: "a.js", lineno: 1 }] } }] } }) }));
    expect(html).not.toContain(">Minified</button>");
    expect(html).not.toContain("resolved now");
  });
});
