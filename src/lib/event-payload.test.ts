import { describe, expect, it } from "vitest";
import { readBreadcrumbs, readDebugImages, readExceptions, readExtra, readFingerprint, readLogentry, readModules, readNamedContexts, readRequest, readSdk, readTags, readThreads } from "./event-payload";
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

  it("reads frame variables as key/value text, from an object or pairs", () => {
    const [exception] = readExceptions({ exception: { values: [{ type: "E", stacktrace: { frames: [{ function: "f", vars: { order: 42, items: ["a"], note: "x" } }, { function: "g", vars: [["a", 1], ["b"]] }, { function: "h", vars: "junk" }] } }] } });
    expect(exception!.frames.map((frame) => frame.vars)).toEqual([[], [["a", "1"]], [["order", "42"], ["items", '["a"]'], ["note", "x"]]]);
  });

  it("reads the request: method, URL, query and cookies as sent or as pairs, headers, and the body as text", () => {
    expect(
      readRequest({
        request: { method: "POST", url: "https://shop.example/cart", query_string: "id=7&q=a+b%21", cookies: "session=abc; theme=dark", headers: [["Content-Type", "application/json"]], data: { sku: "A-1" }, env: { REMOTE_ADDR: "10.0.0.1" } },
      }),
    ).toEqual({
      method: "POST",
      url: "https://shop.example/cart",
      query: [["id", "7"], ["q", "a b!"]],
      headers: [["Content-Type", "application/json"]],
      cookies: [["session", "abc"], ["theme", "dark"]],
      body: '{"sku":"A-1"}',
      env: [["REMOTE_ADDR", "10.0.0.1"]],
    });
    expect(readRequest({ request: { query_string: [["a", "1"]], cookies: { b: "2" }, data: "raw body" } })).toMatchObject({ query: [["a", "1"]], cookies: [["b", "2"]], body: "raw body" });
    expect(readRequest({ request: { url: "https://shop.example/", cookies: "[Filtered]", query_string: "" } })).toMatchObject({ cookies: "[Filtered]", query: "" });
    expect(readRequest({ request: {} })).toBeNull();
    expect(readRequest({ request: "GET /" })).toBeNull();
  });

  it("reads the SDK with its packages, and orders known contexts first with titles", () => {
    expect(readSdk({ sdk: { name: "sentry.javascript.node", version: "10.78.0", integrations: ["Http", 3], packages: [{ name: "npm:@sentry/node", version: "10.78.0" }] } })).toEqual({
      name: "sentry.javascript.node",
      version: "10.78.0",
      integrations: ["Http"],
      packages: ["npm:@sentry/node@10.78.0"],
    });
    expect(readSdk({ sdk: {} })).toBeNull();
    const contexts = readNamedContexts({ contexts: { zeta: { a: 1 }, trace: { trace_id: "t" }, os: { name: "Linux", type: "os" }, empty: {} } });
    expect(contexts.map((context) => [context.name, context.title])).toEqual([["os", "Operating system"], ["trace", "Trace"], ["zeta", "Zeta"]]);
    expect(contexts[0]!.entries).toEqual([["name", "Linux"]]);
  });

  it("titles a context named like an Object member by its own name (the name is the sender's)", () => {
    const contexts = readNamedContexts(JSON.parse('{"contexts": {"constructor": {"a": 1}, "__proto__": {"b": 2}, "toString": {"c": 3}}}') as Record<string, unknown>);
    expect(contexts.map((context) => [context.name, context.title])).toEqual([["__proto__", "Proto"], ["constructor", "Constructor"], ["toString", "To String"]]);
  });

  it("keeps a custom context's values as sent (any JSON type, nested) and a known one's as text", () => {
    const contexts = readNamedContexts({ contexts: { order: { id: "o-1", total: 4200, gift: false, coupon: null, lines: ["A"], shipping: { country: "DE" } }, runtime: { name: "node", type: "runtime" } } });
    expect(contexts.map((context) => [context.name, context.title])).toEqual([["runtime", "Runtime"], ["order", "Order"]]);
    expect(contexts[0]!.values).toBeNull();
    expect(contexts[1]!.values).toEqual([["id", "o-1"], ["total", 4200], ["gift", false], ["coupon", null], ["lines", ["A"]], ["shipping", { country: "DE" }]]);
  });

  it("reads extra sorted by key, with values as sent", () => {
    expect(readExtra({ extra: { orderId: "o-1", attempt: 2, cart: { items: ["A"] } } })).toEqual([["attempt", 2], ["cart", { items: ["A"] }], ["orderId", "o-1"]]);
    expect(readExtra({ extra: ["not", "an", "object"] })).toEqual([]);
  });

  it("reads modules sorted by name, debug images and threads", () => {
    expect(readModules({ modules: { zod: "4.0.0", "@sentry/node": "10.78.0", odd: 3 } })).toEqual([["@sentry/node", "10.78.0"], ["odd", "3"], ["zod", "4.0.0"]]);
    expect(readDebugImages({ debug_meta: { images: [{ type: "sourcemap", code_file: "app:///main.js", debug_id: "c941d872-af1f-4f0c-a7ff-ad3d295fe153" }, "junk"] } })).toEqual([
      { type: "sourcemap", debugId: "c941d872-af1f-4f0c-a7ff-ad3d295fe153", codeFile: "app:///main.js", codeId: null, arch: null, imageAddr: null, imageSize: null },
    ]);
    const threads = readThreads({ threads: { values: [{ id: 1, name: "main", crashed: true, current: true, stacktrace: { frames: [{ function: "outer" }, { function: "inner", in_app: true }] } }, { id: 2 }] } });
    expect(threads.map((thread) => [thread.id, thread.name, thread.crashed, thread.current, thread.frames.map((frame) => frame.function)])).toEqual([
      ["1", "main", true, true, ["inner", "outer"]],
      ["2", null, false, false, []],
    ]);
  });

  it("reads the message with its template and parameters, positional or named", () => {
    expect(readLogentry({ logentry: { formatted: "Charge 42 failed", message: "Charge %s failed", params: ["42"] } })).toEqual({ formatted: "Charge 42 failed", template: "Charge %s failed", params: [["0", "42"]] });
    expect(readLogentry({ logentry: { formatted: "Hi", params: { name: "Ada" } } })).toEqual({ formatted: "Hi", template: null, params: [["name", "Ada"]] });
    expect(readLogentry({ logentry: { message: "Plain" } })).toEqual({ formatted: "Plain", template: null, params: [] });
    expect(readLogentry({})).toBeNull();
  });

  it("reads the SDK's fingerprint, but not Sentry's default one", () => {
    expect(readFingerprint({ fingerprint: ["checkout-failed", "{{ default }}"] })).toEqual(["checkout-failed", "{{ default }}"]);
    expect(readFingerprint({ fingerprint: ["{{ default }}"] })).toBeNull();
    expect(readFingerprint({ fingerprint: [] })).toBeNull();
    expect(readFingerprint({})).toBeNull();
  });
});
