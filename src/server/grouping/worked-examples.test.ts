import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "@/lib/json-values";
import type { GroupingResult } from "@/lib/grouping-result";
import { computeGrouping, emptyGroupingConfig } from "./compute-grouping";
import { contributingValues } from "./grouping-component";

/** sentry-protocol §5.9: the worked examples, bit for bit. */

const md5 = (values: string[]): string => createHash("md5").update(values.join(""), "utf8").digest("hex");
const variant = (result: GroupingResult, key: string) => result.variants.find((v) => v.key === key);
const valuesOf = (result: GroupingResult, key: string): string[] => {
  const component = variant(result, key)?.component;
  return component ? contributingValues(component) : [];
};

describe("§5.9 worked examples", () => {
  it("(a) ValueError 'hello world' without a stack trace groups by type and value, app variant only", () => {
    const result = computeGrouping({ platform: "python", exception: { values: [{ type: "ValueError", value: "hello world" }] } }, emptyGroupingConfig);
    expect(result.variants.map((v) => v.key)).toEqual(["app"]);
    expect(valuesOf(result, "app")).toEqual(["ValueError", "hello world"]);
    expect(result.hashes).toEqual(["b23ee1963904c2ca87b145febf94b66c"]);
  });

  it("(b) the cross-browser Chrome example groups by its system stack trace", () => {
    const absPath = "file:///tmp/test.html";
    const frame = (fn: string | null, lineno: number): JsonObject => ({
      abs_path: absPath,
      filename: "test.html",
      ...(fn === null ? {} : { function: fn }),
      lineno,
      colno: 7,
      in_app: false,
    });
    const event: JsonObject = {
      platform: "javascript",
      exception: {
        values: [
          {
            type: "Error",
            value: "bad",
            stacktrace: {
              frames: [
                frame(null, 3), // top-level script: no function, the file origin is fine for the filename
                frame("Foo.testMethod", 4),
                frame("Object.aha", 5),
                frame("test", 6),
                frame("eval", 7), // dropped: eval frame
                frame("HTMLDocument.<anonymous>", 8), // the filename stays, the anonymous name does not
                { abs_path: "<anonymous>", filename: "<anonymous>", function: "Array.map", in_app: false }, // dropped
                frame("callback", 9),
                frame("callAnotherThing", 10),
                frame("aha", 11),
              ],
            },
          },
        ],
      },
    };
    const result = computeGrouping(event, emptyGroupingConfig);
    expect(valuesOf(result, "system")).toEqual([
      "test.html", "test.html", "testMethod", "test.html", "aha", "test.html", "test", "test.html",
      "test.html", "callback", "test.html", "callAnotherThing", "test.html", "aha", "Error",
    ]);
    expect(variant(result, "system")?.hash).toBe("c63e8727af1a8fe75872b6a762797113");
    expect(variant(result, "app")?.hash).toBeNull();
    expect(result.hashes).toEqual(["c63e8727af1a8fe75872b6a762797113"]);
  });

  it("(c) the message 'testing testing 1, 2, 3' is parameterized before hashing", () => {
    const result = computeGrouping({ platform: "python", logentry: { formatted: "testing testing 1, 2, 3" } }, emptyGroupingConfig);
    expect(valuesOf(result, "default")).toEqual(["testing testing <int>, <int>, <int>"]);
    expect(result.hashes).toEqual(["f9e47f16e3b9770b440157179c47bf7a"]);
  });

  it("(d) a custom SDK fingerprint hashes its values", () => {
    const event: JsonObject = {
      platform: "python",
      fingerprint: ["celery", "SoftTimeLimitExceeded", "sentry.tasks.store.process_event"],
      exception: { values: [{ type: "SoftTimeLimitExceeded", value: "soft time limit exceeded" }] },
    };
    const result = computeGrouping(event, emptyGroupingConfig);
    expect(variant(result, "custom-fingerprint")?.hash).toBe("f30afa00b85f5cac5ee0bce01b31f08d");
    expect(variant(result, "app")?.hash).toBeNull();
    expect(result.hashes).toEqual(["f30afa00b85f5cac5ee0bce01b31f08d"]);
  });

  it("(e) the built-in ChunkLoadError rule", () => {
    const event: JsonObject = { platform: "javascript", exception: { values: [{ type: "ChunkLoadError", value: "Loading chunk 7 failed." }] } };
    const result = computeGrouping(event, emptyGroupingConfig);
    expect(variant(result, "built-in-fingerprint")?.fingerprint).toEqual(["chunkloaderror"]);
    expect(result.hashes).toEqual(["5d731dcf8ecc4f042eeacf528d8d8da9"]);
  });

  it("(f) a Python error with library frames: the app variant keeps the in-app frames, the system variant all", () => {
    // The published connection_error hashes (app 6b059b9f…, system 013d3477…) need Sentry's original input
    // event, which is not available; this event has the same shape (11 frames, frames 6–11 under
    // site-packages) and the expected hashes are computed here independently from §5.9's rule: per frame
    // module, function and context line (the filename loses to the module), then the exception type.
    const frames = Array.from({ length: 11 }, (_, index): JsonObject => {
      const library = index >= 5;
      const moduleName = library ? `requests.layer${index}` : `myapp.step${index}`;
      const path = library ? `/usr/lib/python3.12/site-packages/requests/layer${index}.py` : `/srv/myapp/step${index}.py`;
      // The SDK marks every frame in-app; the built-in `path:**/site-packages/** -app` rule corrects it.
      return { module: moduleName, function: `call${index}`, context_line: `    return call${index + 1}(url)`, filename: path, abs_path: path, lineno: 10 + index, in_app: true };
    });
    const event: JsonObject = {
      platform: "python",
      exception: { values: [{ type: "ConnectionError", value: "HTTPConnectionPool(host='example.com', port=80): Max retries exceeded", stacktrace: { frames } }] },
    };
    const perFrame = (frame: JsonObject) => [frame.module, frame.function, String(frame.context_line).trim()] as string[];
    const expectedApp = md5([...frames.slice(0, 5).flatMap(perFrame), "ConnectionError"]);
    const expectedSystem = md5([...frames.flatMap(perFrame), "ConnectionError"]);
    const result = computeGrouping(event, emptyGroupingConfig);
    expect(variant(result, "app")?.hash).toBe(expectedApp);
    expect(variant(result, "system")?.hash).toBe(expectedSystem);
    expect(result.hashes).toEqual([expectedApp, expectedSystem]);
    expect(frames.map((frame) => frame.in_app)).toEqual(frames.map((_, index) => index < 5));
  });
});
