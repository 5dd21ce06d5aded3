import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { FrameView } from "@/lib/event-payload";
import { crashingFrameIndex, StackTrace } from "./stack-trace";

function frame(name: string, inApp: boolean): FrameView {
  return { function: name, module: null, filename: `${name}.js`, absPath: null, lineno: 1, colno: 2, inApp, contextLine: `call(${name})`, preContext: [], postContext: [], vars: [] };
}

const render = (frames: FrameView[], expandAll = false) => renderToStaticMarkup(createElement(StackTrace, { frames, expandAll }));
const openFrames = (html: string) => [...html.matchAll(/<details open=""[^>]*>.*?<\/summary>/g)].map((match) => /in<\/span><span[^>]*>([^<]+)</.exec(match[0])?.[1]);

describe("StackTrace", () => {
  // Newest first: two library frames above the app's, then the app's caller, then three of the runtime.
  const frames = [frame("libA", false), frame("libB", false), frame("crash", true), frame("caller", true), frame("sys1", false), frame("sys2", false), frame("sys3", false)];

  it("opens only the crashing frame — the newest in-app one — and folds runs of system frames", () => {
    expect(crashingFrameIndex(frames)).toBe(2);
    const html = render(frames);
    expect(openFrames(html)).toEqual(["crash"]);
    expect(html).toContain("2 more frames (not in-app)");
    expect(html).toContain("3 more frames (not in-app)");
    expect(html).not.toContain("libA");
    expect(html).toContain("caller");
  });

  it("keeps a lone system frame as a frame, and opens every frame when asked", () => {
    const html = render([frame("crash", true), frame("emit", false), frame("main", true)]);
    expect(html).not.toContain("more frames");
    expect(openFrames(html)).toEqual(["crash"]);
    expect(openFrames(render(frames, true))).toEqual(["libA", "libB", "crash", "caller", "sys1", "sys2", "sys3"]);
  });

  it("opens the newest frame when no frame is in-app, folding nothing", () => {
    const system = [frame("a", false), frame("b", false), frame("c", false)];
    const html = render(system);
    expect(openFrames(html)).toEqual(["a"]);
    expect(html).not.toContain("more frames");
  });

  it("shows two lines either side of the executing one until asked for all, keeping the rest in the document", () => {
    const long = { ...frame("crash", true), lineno: 20, preContext: ["p1", "p2", "p3", "p4", "p5", "p6", "p7"], postContext: ["q1", "q2", "q3", "q4", "q5", "q6", "q7"] };
    const html = render([long]);
    expect(html.match(/<div class="flex px-2" hidden="">/g)).toHaveLength(10);
    expect(html).toContain("p1");
    expect(html).toContain("Show all 15 lines");
    expect(render([long], true)).not.toContain('hidden=""');
  });

  it("shows a cause's trace closed and short: its first rows, then one button for the rest", () => {
    const many = [frame("a", true), frame("b", true), frame("c", true), frame("d", true), frame("e", true)];
    const html = renderToStaticMarkup(createElement(StackTrace, { frames: many, opensCrashingFrame: false, firstRows: 3 }));
    expect(openFrames(html)).toEqual([]);
    expect(html).toContain(">c<");
    expect(html).not.toContain(">d<");
    expect(html).toMatch(/aria-expanded="false"[^>]*>Show 2 more frames</);
    // One row over the limit is shown rather than a button of the same height.
    expect(renderToStaticMarkup(createElement(StackTrace, { frames: many.slice(0, 4), opensCrashingFrame: false, firstRows: 3 }))).not.toContain("more frames");
  });
});
