import { describe, expect, it } from "vitest";
import type { JsonObject } from "@/lib/json-values";
import { applyStacktraceRules, limitToMaxFrames } from "./apply-stacktrace-rules";
import { builtInStacktraceRules } from "./built-in-stacktrace-rules";
import { parseStacktraceRules } from "./parse-stacktrace-rules";

const one = (frame: JsonObject, rulesText: string | null, platform = "javascript", exception: JsonObject | null = null) => {
  const rules = rulesText === null ? builtInStacktraceRules : parseStacktraceRules(rulesText);
  return applyStacktraceRules([frame], rules, { platform, exception }).frames[0]!;
};

describe("built-in stack-trace rules (sentry-protocol §5.8)", () => {
  it.each<[string, JsonObject, string, boolean, boolean]>([
    ["node_modules path", { abs_path: "/srv/app/node_modules/express/lib/router.js", in_app: true }, "node", false, true],
    ["CDN URL (cdnjs, minified)", { abs_path: "https://cdnjs.cloudflare.com/ajax/libs/x/1.0/x.min.js", filename: "https://cdnjs.cloudflare.com/ajax/libs/x/1.0/x.min.js", function: "a", in_app: true }, "javascript", false, true],
    ["CDN URL (unpkg)", { abs_path: "https://unpkg.com/react@18/umd/react.production.min.js", in_app: true }, "javascript", false, true],
    ["CDN URL (jsdelivr)", { abs_path: "https://cdn.jsdelivr.net/npm/lib@1/dist/lib.js", in_app: true }, "javascript", false, true],
    ["CDN URL (esm.run)", { abs_path: "https://esm.run/lib", in_app: true }, "javascript", false, true],
    ["unpkg module", { module: "unpkg/react", in_app: true }, "javascript", false, true],
    ["webpack:///./src frame", { abs_path: "webpack:///./src/App.tsx", in_app: false }, "javascript", true, true],
    ["webpack 5 namespace", { abs_path: "webpack://my-app/./src/index.js" }, "javascript", true, true],
    ["webpack:///./node_modules frame", { abs_path: "webpack:///./node_modules/react-dom/cjs/react-dom.development.js", in_app: true }, "javascript", false, true],
    ["webpack ~/ alias", { abs_path: "webpack:///~/lodash/lodash.js", in_app: true }, "javascript", false, true],
    ["app:/// frame", { abs_path: "app:///main.jsbundle" }, "javascript", true, true],
    ["Node internal by function", { function: "processTicksAndRejections", abs_path: "node:internal/process/task_queues", in_app: true }, "node", false, false],
    ["Node internal with receiver", { function: "process.processTicksAndRejections", in_app: false }, "node", false, false],
    ["Node internal path", { function: "Module._compile", abs_path: "node:internal/modules/cjs/loader", in_app: true }, "node", false, true],
    ["runMicrotasks", { function: "runMicrotasks" }, "node", false, false],
    ["_callSuper", { function: "_callSuper", in_app: true }, "javascript", false, false],
    ["@babel module", { module: "@babel/runtime/helpers/asyncToGenerator", in_app: true }, "javascript", false, false],
    ["core-js module", { module: "core-js/internals/task", in_app: true }, "javascript", false, false],
    ["tslib module", { module: "tslib/tslib.es6", in_app: true }, "javascript", false, false],
    ["Dart SDK frame", { abs_path: "org-dartlang-sdk:///dart-sdk/lib/async/zone.dart", in_app: true }, "javascript", false, false],
    ["Python site-packages", { abs_path: "/usr/lib/python3.12/site-packages/requests/api.py", in_app: true }, "python", false, true],
    ["Python dist-packages", { abs_path: "/usr/lib/python3/dist-packages/x.py", in_app: true }, "python", false, true],
    ["PHP vendor", { abs_path: "/var/www/vendor/laravel/framework/x.php", in_app: true }, "php", false, true],
    ["Go module cache", { abs_path: "/root/go/pkg/mod/github.com/x/y@v1/z.go", in_app: true }, "go", false, true],
    ["plain app frame keeps the SDK's in_app", { abs_path: "/srv/app/src/index.js", in_app: true }, "node", true, true],
    ["missing in_app counts as false", { abs_path: "/srv/app/src/index.js" }, "node", false, true],
  ])("%s", (_, frame, platform, inApp, contributes) => {
    expect(one(frame, null, platform)).toMatchObject({ inApp, contributes });
  });

  it("JavaScript-only rules leave other platforms alone", () => {
    expect(one({ abs_path: "org-dartlang-sdk:///x.dart", in_app: true }, null, "python")).toMatchObject({ inApp: true, contributes: true });
    expect(one({ function: "runMicrotasks", in_app: true }, null, "python")).toMatchObject({ inApp: true, contributes: true });
  });

  it("records which rule decided, Sentry-style", () => {
    const decision = one({ abs_path: "/a/node_modules/b.js", in_app: true }, null, "node");
    expect(decision.inAppHint).toBe("marked out of app by stack trace rule (path:**/node_modules/** -app)");
    const internal = one({ function: "runMicrotasks" }, null, "node");
    expect(internal.groupHint).toBe("ignored by stack trace rule (family:javascript function:runMicrotasks -group)");
  });
});

describe("matchers", () => {
  it.each<[string, JsonObject, string, boolean]>([
    ["path is case-insensitive", { abs_path: "/SRV/Generated/x.JS" }, "path:**/generated/**.js +app", true],
    ["path normalizes backslashes", { abs_path: "C:\\app\\src\\x.cs" }, "path:c:/app/src/* +app", true],
    ["path `*` stops at /", { abs_path: "/app/src/deep/x.c" }, "path:/app/src/*.c +app", false],
    ["path `**` crosses /", { abs_path: "/app/src/deep/x.c" }, "path:/app/**.c +app", true],
    ["path `**/` also matches a relative filename", { filename: "foo.gen.c" }, "path:**/*.gen.c +app", true],
    ["path matches filename when abs_path does not", { abs_path: "https://x/a.js", filename: "/src/a.js" }, "path:/src/* +app", true],
    ["path `?` and [classes]", { abs_path: "/a/v1/x.js" }, "path:/a/v[0-9]/?.js +app", true],
    ["path glob escape", { abs_path: "/a/*.js" }, String.raw`path:/a/\*.js +app`, true],
    ["path glob escape is literal", { abs_path: "/a/b.js" }, String.raw`path:/a/\*.js +app`, false],
    ["module is case-sensitive", { module: "MyApp.Views" }, "module:myapp.* +app", false],
    ["module `*` crosses /", { module: "src/a/b" }, "module:src/* +app", true],
    ["function", { function: "myproject_run" }, "function:myproject_* +app", true],
    ["function is case-sensitive", { function: "MyProject_run" }, "function:myproject_* +app", false],
    ["function matches raw_function", { function: "x", raw_function: "std::vector<int>::at" }, "function:std::* +app", true],
    ["package", { package: "/usr/lib/LibCurl.dylib" }, "package:**/libcurl.dylib +app", true],
    ["family:all", { function: "f" }, "family:all function:f +app", true],
    ["family list", { function: "f" }, "family:native,javascript function:f +app", true],
    ["family mismatch", { function: "f" }, "family:native function:f +app", false],
    ["frame platform overrides the event's", { function: "f", platform: "cocoa" }, "family:native function:f +app", true],
    ["negation", { function: "g" }, "!function:f +app", true],
    ["negated match", { function: "f" }, "!function:f +app", false],
    ["app:no matches a missing in_app", { function: "f" }, "app:no +app", true],
    ["app:yes does not match in_app false", { function: "f", in_app: false }, "app:yes +group", false],
  ])("%s", (_, frame, rule, marked) => {
    expect(one(frame, rule).inApp).toBe(marked);
  });

  it.each<[string, string, boolean]>([
    ["type:ValueError", "type", true],
    ["error.type:value*", "case-sensitive type", false],
    ["value:*BROKEN*", "case-insensitive value", true],
    ["mechanism:onerror", "mechanism type", true],
    ["!type:ValueError", "negated type", false],
  ])("exception matcher %s (%s)", (matcher, _, marked) => {
    const exception = { type: "ValueError", value: "it is broken", mechanism: { type: "onerror" } };
    expect(one({ function: "f" }, `${matcher} +app`, "python", exception).inApp).toBe(marked);
  });

  it("exception matchers do not match without an exception", () => {
    expect(one({ function: "f" }, "type:* +app", "python", null).inApp).toBe(false);
  });

  it("app:yes sees the in-app state decided by earlier rules", () => {
    expect(one({ function: "f" }, "function:f +app\napp:yes -group")).toMatchObject({ inApp: true, contributes: false });
  });

  it("category= sets a category that category: matches", () => {
    const decision = one({ function: "track" }, "function:track category=telemetry\ncategory:telemetry -group");
    expect(decision).toMatchObject({ contributes: false, category: "telemetry" });
  });
});

describe("actions", () => {
  const frames: JsonObject[] = ["main", "run", "begin_panic", "panic_impl", "abort"].map((f) => ({ function: f, in_app: true }));
  const apply = (text: string) => applyStacktraceRules(frames, parseStacktraceRules(text), { platform: "native" });

  it("^ reaches the newer frames (toward the crash), v the older ones", () => {
    expect(apply("function:begin_panic ^-group").frames.map((d) => d.contributes)).toEqual([true, true, true, false, false]);
    expect(apply("function:begin_panic v-group").frames.map((d) => d.contributes)).toEqual([false, false, true, true, true]);
    expect(apply("function:begin_panic ^-app -app").frames.map((d) => d.inApp)).toEqual([true, true, false, false, false]);
  });

  it("later rules win: +group undoes an earlier -group, +app an earlier -app", () => {
    const result = apply("function:* -group -app\nfunction:run +group +app");
    expect(result.frames.map((d) => [d.inApp, d.contributes])).toEqual([[false, false], [true, true], [false, false], [false, false], [false, false]]);
    expect(result.frames[1]!.groupHint).toBe("un-ignored by stack trace rule (function:run +group)");
    expect(result.frames[1]!.inAppHint).toBe("marked in-app by stack trace rule (function:run +app)");
  });

  it("project rules after the built-ins override them", () => {
    const rules = [...builtInStacktraceRules, ...parseStacktraceRules("path:**/node_modules/my-lib/** +app")];
    const [decision] = applyStacktraceRules([{ abs_path: "/a/node_modules/my-lib/x.js" }], rules, { platform: "node" }).frames;
    expect(decision!.inApp).toBe(true);
  });

  it("caller and callee matchers look at the neighbouring frames", () => {
    expect(apply("[ function:run ] | function:begin_panic -group").frames.map((d) => d.contributes)).toEqual([true, true, false, true, true]);
    expect(apply("function:begin_panic | [ function:abort ] -group").frames.map((d) => d.contributes)).toEqual([true, true, true, true, true]);
    expect(apply("function:* | [ function:abort ] -group").frames.map((d) => d.contributes)).toEqual([true, true, true, false, true]);
  });

  it("returns the stack-level variables of the last matching rule; 0 means no limit", () => {
    expect(apply("function:main max-frames=3\nfunction:abort max-frames=2 min-frames=1")).toMatchObject({ maxFrames: 2, minFrames: 1 });
    expect(apply("function:main max-frames=3\nfunction:nowhere max-frames=1")).toMatchObject({ maxFrames: 3, minFrames: null });
    expect(apply("function:main max-frames=3\nfunction:main max-frames=0").maxFrames).toBeNull();
  });

  it("handles an empty stack trace", () => {
    expect(applyStacktraceRules([], builtInStacktraceRules, { platform: "node" })).toEqual({ frames: [], maxFrames: null, minFrames: null });
  });
});

describe("limitToMaxFrames", () => {
  it.each<[boolean[], number | null, boolean[]]>([
    [[true, true, true, true], 2, [false, false, true, true]],
    [[true, true, false, true], 2, [false, true, false, true]], // counts only contributing frames, newest first
    [[true, true, true], 5, [true, true, true]],
    [[true, true, true], null, [true, true, true]],
    [[true, true, true], 0, [true, true, true]],
  ])("%j max %s → %j", (contributes, maxFrames, expected) => {
    expect(limitToMaxFrames(contributes, maxFrames)).toEqual(expected);
  });
});
