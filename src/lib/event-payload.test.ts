import { describe, expect, it } from "vitest";
import { readBreadcrumbs, readExceptions, readTags } from "./event-payload";
import { safeHttpUrl } from "./safe-url";

describe("event payload reads", () => {
  it("lists the exception chain and each stack newest first", () => {
    const payload = {
      exception: {
        values: [
          { type: "TypeError", value: "cause", stacktrace: { frames: [{ function: "outer" }, { function: "inner", in_app: true, lineno: 3 }] } },
          { type: "Error", value: "wrapper", mechanism: { type: "onerror", handled: false } },
        ],
      },
    };
    const [newest, cause] = readExceptions(payload);
    expect(newest).toMatchObject({ type: "Error", value: "wrapper", mechanism: { type: "onerror", handled: false }, frames: [] });
    expect(cause?.frames.map((frame) => [frame.function, frame.inApp, frame.lineno])).toEqual([
      ["inner", true, 3],
      ["outer", false, null],
    ]);
  });

  it("skips values of the wrong shape instead of rendering them", () => {
    expect(readExceptions({ exception: "boom" })).toEqual([]);
    expect(readTags({ tags: [["a", "b"], ["c", 1], "x"] })).toEqual([["a", "b"]]);
    expect(readBreadcrumbs({ breadcrumbs: { values: [{ timestamp: 1.5, message: "m" }, 3] } })).toEqual([
      { timestamp: 1500, type: null, category: null, level: null, message: "m", data: null },
    ]);
  });

  it("links only http(s) URLs", () => {
    expect(safeHttpUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("data:text/html,x")).toBeNull();
    expect(safeHttpUrl("/relative/path")).toBeNull();
  });
});
