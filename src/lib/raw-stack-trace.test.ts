import { describe, expect, it } from "vitest";
import { readExceptions } from "./event-payload";
import { formatRawStackTrace } from "./raw-stack-trace";

describe("raw stack traces", () => {
  it("prints an exception the way V8 does, newest frame first", () => {
    const [exception] = readExceptions({
      exception: {
        values: [
          {
            type: "TypeError",
            value: "price is undefined",
            stacktrace: {
              frames: [
                { filename: "node:internal/main", lineno: 3 },
                { function: "checkout", abs_path: "/app/shop.mjs", filename: "shop.mjs", lineno: 12, colno: 9 },
                { function: "readPrice", module: "shop", lineno: 8 },
              ],
            },
          },
        ],
      },
    });
    expect(formatRawStackTrace(exception!)).toBe(["TypeError: price is undefined", "    at readPrice (shop:8)", "    at checkout (/app/shop.mjs:12:9)", "    at node:internal/main:3"].join("\n"));
  });

  it("shows the SDKs' `?` as an anonymous function: <anonymous> on the page, V8's nameless form in the raw text", () => {
    const [exception] = readExceptions({ exception: { values: [{ type: "TypeError", value: "x", stacktrace: { frames: [{ function: "?", abs_path: "https://shop.example/app.js", filename: "/app.js", lineno: 7, colno: 13, in_app: true }] } }] } });
    expect(exception!.frames[0]!.function).toBe("<anonymous>");
    expect(formatRawStackTrace(exception!)).toBe(["TypeError: x", "    at https://shop.example/app.js:7:13"].join("\n"));
  });

  it("names an exception without a type or value plainly", () => {
    expect(formatRawStackTrace({ type: null, value: null, module: null, mechanism: null, frames: [] })).toBe("Error");
  });
});
