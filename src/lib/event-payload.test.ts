import { describe, expect, it } from "vitest";
import { readBreadcrumbs, readExceptions, readNamedContexts, readRequest, readSdk, readTags } from "./event-payload";
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
    expect(contexts.map((context) => [context.name, context.title])).toEqual([["os", "Operating system"], ["trace", "Trace"], ["zeta", "zeta"]]);
    expect(contexts[0]!.entries).toEqual([["name", "Linux"]]);
  });

  it("titles a context named like an Object member by its own name (the name is the sender's)", () => {
    const contexts = readNamedContexts(JSON.parse('{"contexts": {"constructor": {"a": 1}, "__proto__": {"b": 2}, "toString": {"c": 3}}}') as Record<string, unknown>);
    expect(contexts.map((context) => [context.name, context.title])).toEqual([["__proto__", "__proto__"], ["constructor", "constructor"], ["toString", "toString"]]);
  });
});
