import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "@/lib/json-values";
import type { GroupingResult } from "@/lib/grouping-result";
import { computeGrouping } from "./compute-grouping";
import { contributingValues } from "./grouping-component";
import { parseFingerprintRules } from "./parse-fingerprint-rules";
import { parseStacktraceRules } from "./parse-stacktrace-rules";

/**
 * Table-driven checks of the grouping engine against the behaviour described in sentry-protocol §5. Events
 * are shaped like Lantern's normalized events: `tags` as `[key, value]` pairs, exceptions in
 * `exception.values`, frames oldest → newest.
 */

const md5 = (values: string[]): string => createHash("md5").update(values.join(""), "utf8").digest("hex");

interface Case {
  name: string;
  event: JsonObject;
  stackRules?: string;
  fingerprintRules?: string;
  /** Every variant the event must have (no others): its contributing values, or null for "no hash". */
  variants?: Record<string, string[] | null>;
  /** An event that must land in the same issue (a shared hash) … */
  sameAs?: JsonObject;
  /** … or in a different one (no shared hash). */
  differentFrom?: JsonObject;
  title?: string;
  /** Frames' `in_app` after grouping, for the first exception's (or the top-level) stack trace. */
  inApp?: boolean[];
}

function group(event: JsonObject, c: Case): GroupingResult {
  const config = { stacktraceRules: parseStacktraceRules(c.stackRules ?? ""), fingerprintRules: parseFingerprintRules(c.fingerprintRules ?? "") };
  return computeGrouping(event, config);
}

// ---- event builders ---------------------------------------------------------------------------------------
const py = (moduleName: string, fn: string, line: string, extra: JsonObject = {}): JsonObject => {
  const path = `/srv/app/${moduleName.replaceAll(".", "/")}.py`;
  return { module: moduleName, function: fn, context_line: line, filename: path, abs_path: path, lineno: 10, in_app: true, ...extra };
};
const js = (fn: string | null, absPath: string, extra: JsonObject = {}): JsonObject => ({
  ...(fn === null ? {} : { function: fn }),
  abs_path: absPath,
  filename: absPath.replace(/^[a-z]+:\/\/[^/]*/, ""),
  lineno: 1,
  colno: 10,
  in_app: true,
  ...extra,
});
const error = (type: string, value: string, frames?: JsonObject[], extra: JsonObject = {}): JsonObject => ({
  type,
  value,
  ...(frames ? { stacktrace: { frames } } : {}),
  ...extra,
});
const pyEvent = (...exceptions: JsonObject[]): JsonObject => ({ platform: "python", exception: { values: exceptions } });
const jsEvent = (...exceptions: JsonObject[]): JsonObject => ({ platform: "javascript", exception: { values: exceptions } });
const message = (formatted: string, extra: JsonObject = {}): JsonObject => ({ platform: "python", logentry: { formatted }, ...extra });
const group_ = (id: number, parent: number | null, isGroup = false) => ({
  mechanism: { type: "chained", exception_id: id, ...(parent === null ? {} : { parent_id: parent }), ...(isGroup ? { is_exception_group: true } : {}) },
});

const viewFrames = [py("app.main", "run", "handle(request)"), py("app.views", "index", "raise ValueError(name)")];
const viewValues = ["app.main", "run", "handle(request)", "app.views", "index", "raise ValueError(name)"];
const nodeFrame = js("Module._compile", "/app/node_modules/express/lib/router.js", { module: "express.lib:router" });

const cases: Case[] = [
  // ---- §5.2 exceptions --------------------------------------------------------------------------------------
  { name: "exception without stack trace: type + value, app variant only", event: pyEvent(error("KeyError", "missing")), variants: { app: ["KeyError", "missing"] } },
  {
    name: "exception with in-app frames: frames then type, value ignored",
    event: pyEvent(error("ValueError", "bad name", viewFrames)),
    variants: { app: [...viewValues, "ValueError"], system: [...viewValues, "ValueError"] },
  },
  {
    name: "the value is ignored once the stack trace contributes",
    event: pyEvent(error("ValueError", "bad name alice", viewFrames)),
    sameAs: pyEvent(error("ValueError", "completely different text", viewFrames)),
  },
  {
    name: "without frames the value separates issues",
    event: pyEvent(error("ValueError", "bad name")),
    differentFrom: pyEvent(error("ValueError", "other text")),
  },
  {
    name: "no in-app frames: app variant dropped by remove_non_stacktrace_variants, system groups",
    event: pyEvent(error("ValueError", "x", viewFrames.map((f) => ({ ...f, in_app: false })))),
    variants: { app: null, system: [...viewValues, "ValueError"] },
  },
  {
    name: "synthetic mechanism: the type is ignored",
    event: jsEvent(error("Error", "a string was thrown", undefined, { mechanism: { type: "generic", synthetic: true } })),
    variants: { app: ["a string was thrown"] },
  },
  {
    name: "chained exceptions in values[] order (cause first)",
    event: pyEvent(error("KeyError", "k"), error("RuntimeError", "wrapped")),
    variants: { app: ["KeyError", "k", "RuntimeError", "wrapped"] },
  },
  {
    name: "chained exceptions: the order matters",
    event: pyEvent(error("KeyError", "k"), error("RuntimeError", "wrapped")),
    differentFrom: pyEvent(error("RuntimeError", "wrapped"), error("KeyError", "k")),
  },
  {
    name: "chained: an exception without frames joins only the app variant",
    event: pyEvent(error("KeyError", "k"), error("RuntimeError", "wrapped", viewFrames)),
    variants: { app: ["KeyError", "k", ...viewValues, "RuntimeError"], system: [...viewValues, "RuntimeError"] },
  },
  {
    name: "exception group with two distinct types: sorted by type (descending), then the group",
    event: pyEvent(
      error("ValueError", "v 1", undefined, group_(2, 0)),
      error("KeyError", "k", undefined, group_(1, 0)),
      error("ExceptionGroup", "many", undefined, group_(0, null, true)),
    ),
    variants: { app: ["ValueError", "v <int>", "KeyError", "k", "ExceptionGroup", "many"] },
  },
  {
    name: "exception group of one type and similar values groups like that one exception",
    event: pyEvent(
      error("ValueError", "item 2", undefined, group_(2, 0)),
      error("ValueError", "item 1", undefined, group_(1, 0)),
      error("ExceptionGroup", "many", undefined, group_(0, null, true)),
    ),
    sameAs: pyEvent(error("ValueError", "item 7")),
  },
  {
    name: "exception ids without a group: the chain is followed from the root (newest first)",
    event: pyEvent(error("KeyError", "k", undefined, group_(1, 0)), error("RuntimeError", "wrapped", undefined, group_(0, null))),
    variants: { app: ["RuntimeError", "wrapped", "KeyError", "k"] },
  },
  // ---- §5.3/§5.4 stack traces and frames ---------------------------------------------------------------------
  {
    name: "filename: only the lowercased basename counts (no module)",
    event: pyEvent(error("E", "x", [{ filename: "/a/b/Views.PY", abs_path: "/a/b/Views.PY", function: "index", in_app: true }])),
    sameAs: pyEvent(error("E", "x", [{ filename: "C:\\deploy\\views.py", abs_path: "C:\\deploy\\views.py", function: "index", in_app: true }])),
  },
  {
    name: "filename of a URL frame is ignored, a file: URL's is kept",
    event: jsEvent(error("TypeError", "x", [js("load", "https://cdn.example.com/static/app.js"), js("init", "file:///opt/app/main.js")])),
    variants: { app: ["load", "main.js", "init", "TypeError"], system: ["load", "main.js", "init", "TypeError"] },
  },
  {
    name: "module takes precedence over the filename",
    event: pyEvent(error("E", "x", [py("app.views", "index", "go()", { filename: "views.py" })])),
    sameAs: pyEvent(error("E", "x", [py("app.views", "index", "go()", { filename: "other_name.py", abs_path: "/elsewhere/other_name.py" })])),
  },
  {
    name: "JavaScript function names are trimmed after the last dot",
    event: jsEvent(error("TypeError", "x", [js("Object.handleClick", "/static/app.js")])),
    sameAs: jsEvent(error("TypeError", "x", [js("Button.prototype.handleClick", "/static/app.js")])),
  },
  {
    name: "anonymous JavaScript names do not contribute (`?`, <anonymous>, Firefox `/<`)",
    event: jsEvent(error("TypeError", "x", [js("?", "/static/a.js"), js("Object.<anonymous>", "/static/b.js"), js("init/<", "/static/c.js")])),
    variants: { app: ["a.js", "b.js", "c.js", "TypeError"], system: ["a.js", "b.js", "c.js", "TypeError"] },
  },
  {
    name: "eval and [native code] frames are dropped entirely",
    event: jsEvent(error("TypeError", "x", [js("eval", "/static/a.js"), js("forEach", "[native code]"), js("run", "/static/b.js")])),
    variants: { app: ["b.js", "run", "TypeError"], system: ["b.js", "run", "TypeError"] },
  },
  {
    name: "context lines: whitespace collapsed; up to 120 characters contribute",
    event: pyEvent(error("E", "x", [py("app.jobs", "run", "\t  total  =\tcompute( a,  b )  ")])),
    variants: { app: ["app.jobs", "run", "total = compute( a, b )", "E"], system: ["app.jobs", "run", "total = compute( a, b )", "E"] },
  },
  {
    name: "context lines over 120 characters are ignored",
    event: pyEvent(error("E", "x", [py("app.jobs", "run", `x = ${"a".repeat(120)}`)])),
    variants: { app: ["app.jobs", "run", "E"], system: ["app.jobs", "run", "E"] },
  },
  {
    name: "a JavaScript URL frame without function loses its context line (file: counts as URL here)",
    event: jsEvent(error("TypeError", "x", [js(null, "file:///opt/app/page.html", { context_line: "boot();" }), js("boot", "/static/boot.js", { context_line: "init();" })])),
    variants: { app: ["page.html", "boot.js", "boot", "init();", "TypeError"], system: ["page.html", "boot.js", "boot", "init();", "TypeError"] },
  },
  {
    name: "source-mapped JavaScript frames group by context line, not by function name",
    event: jsEvent(error("TypeError", "x", [js("minifiedA", "/static/app.js", { context_line: "this.save(item);", data: { sourcemap: "/static/app.js.map" } })])),
    sameAs: jsEvent(error("TypeError", "x", [js("renamedB", "/static/app.js", { context_line: "this.save(item);", data: { sourcemap: "/static/app.js.map" } })])),
  },
  {
    name: "recursion: a frame repeating the previous one is ignored",
    event: pyEvent(error("RecursionError", "deep", [py("app.tree", "walk", "walk(node)"), py("app.tree", "walk", "walk(node)"), py("app.tree", "visit", "walk(child)")])),
    sameAs: pyEvent(error("RecursionError", "deep", [py("app.tree", "walk", "walk(node)"), py("app.tree", "visit", "walk(child)")])),
  },
  {
    name: "JavaScript single-frame rule: one URL frame without function does not contribute",
    event: jsEvent(error("SyntaxError", "Unexpected token", [js(null, "https://example.com/app.js")])),
    variants: { app: ["SyntaxError", "Unexpected token"], system: ["SyntaxError", "Unexpected token"] },
  },
  {
    name: "query strings are stripped from JavaScript filenames",
    event: jsEvent(error("TypeError", "x", [js("load", "/static/app.js?v=1")])),
    sameAs: jsEvent(error("TypeError", "x", [js("load", "/static/app.js?v=2")])),
  },
  {
    name: "Java codegen markers and lambdas",
    event: { platform: "java", stacktrace: { frames: [{ module: "com.app.Service$$EnhancerBySpringCGLIB$$1a2b3c", function: "save", in_app: true }, { module: "com.app.Jobs$$Lambda$12/0x1", function: "lambda$run$0", in_app: true }] } },
    variants: { app: ["com.app.Service$$EnhancerBySpringCGLIB$$<auto>", "save"], system: ["com.app.Service$$EnhancerBySpringCGLIB$$<auto>", "save"] },
  },
  {
    name: "Ruby blocks and ERB suffixes are normalized",
    event: { platform: "ruby", stacktrace: { frames: [{ filename: "app.rb", function: "block in process", in_app: true }, { filename: "show.erb", function: "_app_views_show__1234_5678", in_app: true }] } },
    variants: { app: ["app.rb", "block", "show.erb", "_app_views_show"], system: ["app.rb", "block", "show.erb", "_app_views_show"] },
  },
  {
    name: "native function signatures are trimmed to the qualified name",
    event: { platform: "native", stacktrace: { frames: [{ function: "void std::vector<int>::push_back(int const&)", in_app: true }] } },
    sameAs: { platform: "native", stacktrace: { frames: [{ function: "std::vector<long>::push_back(long const&)", in_app: true }] } },
  },
  // ---- §5.7 threads and the top-level stack trace -------------------------------------------------------------
  {
    name: "one thread: its stack trace groups",
    event: { platform: "python", threads: { values: [{ id: 1, stacktrace: { frames: viewFrames } }] } },
    variants: { app: viewValues, system: viewValues },
  },
  {
    name: "several threads: the crashed one is used",
    event: { platform: "python", threads: { values: [{ id: 1, stacktrace: { frames: [py("app.idle", "wait", "sleep()")] } }, { id: 2, crashed: true, stacktrace: { frames: viewFrames } }] } },
    variants: { app: viewValues, system: viewValues },
  },
  {
    name: "several threads and none stands out: nothing contributes, the fallback groups",
    event: { platform: "python", threads: { values: [{ id: 1, stacktrace: { frames: viewFrames } }, { id: 2, stacktrace: { frames: viewFrames } }] } },
    variants: { app: null, fallback: [] },
  },
  {
    name: "a message with an attached stack trace groups by the stack trace",
    event: { platform: "python", logentry: { formatted: "slow request 812ms" }, stacktrace: { frames: viewFrames } },
    variants: { app: viewValues, system: viewValues, default: null },
  },
  // ---- §5.5 messages ----------------------------------------------------------------------------------------------
  { name: "message: numbers are parameterized", event: message("Retried 3 times"), sameAs: message("Retried 12 times") },
  {
    name: "message: UUIDs and URLs are parameterized",
    event: message("Job 1b4e28ba-2fa1-11d2-883f-0016d3cca427 failed at https://api.example.com/v1/jobs"),
    sameAs: message("Job 6ba7b810-9dad-11d1-80b4-00c04fd430c8 failed at https://other.example.org/x?y=1"),
  },
  {
    name: "message: the logging template wins over the formatted text",
    event: { platform: "python", logentry: { message: "User %s failed", formatted: "User alice failed" } },
    variants: { default: ["User %s failed"] },
  },
  { name: "message: different texts are different issues", event: message("Disk full"), differentFrom: message("Cache cold") },
  {
    name: "exception next to a message: the default variant is there but does not contribute",
    event: { ...pyEvent(error("KeyError", "k")), logentry: { formatted: "while handling" } },
    variants: { app: ["KeyError", "k"], default: null },
  },
  {
    name: "CSP: a local inline script groups by its violation",
    event: { platform: "other", csp: { effective_directive: "script-src", violated_directive: "script-src 'self' 'unsafe-inline'", blocked_uri: "" } },
    variants: { default: ["script-src", "'unsafe-inline'"] },
  },
  // ---- §5.8 built-in stack trace rules ------------------------------------------------------------------------------
  {
    name: "built-in: node_modules frames are not in-app",
    event: { platform: "node", exception: { values: [error("TypeError", "x", [nodeFrame, js("handler", "/app/src/routes.js", { module: "src:routes" })])] } },
    variants: { app: ["src:routes", "handler", "TypeError"], system: ["express.lib:router", "_compile", "src:routes", "handler", "TypeError"] },
    inApp: [false, true],
  },
  {
    name: "built-in: vendor and site-packages frames are not in-app",
    event: { platform: "php", exception: { values: [error("Exception", "x", [{ filename: "/srv/vendor/laravel/Router.php", abs_path: "/srv/vendor/laravel/Router.php", function: "dispatch", in_app: true }, { filename: "/srv/app/Ctl.php", abs_path: "/srv/app/Ctl.php", function: "show", in_app: true }])] } },
    variants: { app: ["ctl.php", "show", "Exception"], system: ["router.php", "dispatch", "ctl.php", "show", "Exception"] },
    inApp: [false, true],
  },
  {
    name: "built-in: site-packages",
    event: pyEvent(error("E", "x", [py("requests.api", "get", "return request()", { abs_path: "/venv/lib/site-packages/requests/api.py" }), viewFrames[1]!])),
    inApp: [false, true],
  },
  {
    name: "built-in: a library served from a CDN is not in-app",
    event: jsEvent(error("TypeError", "x", [js("render", "https://cdn.jsdelivr.net/npm/vue@3/dist/vue.js"), js("mount", "https://example.com/static/app.js")])),
    variants: { app: ["mount", "TypeError"], system: ["render", "mount", "TypeError"] },
    inApp: [false, true],
  },
  {
    name: "built-in: Node internals neither in-app nor grouped",
    event: { platform: "node", exception: { values: [error("Error", "x", [js("process.processTicksAndRejections", "node:internal/process/task_queues"), js("save", "/app/src/db.js")])] } },
    variants: { app: ["db.js", "save", "Error"], system: ["db.js", "save", "Error"] },
    inApp: [false, true],
  },
  {
    name: "built-in: webpack:/// sources without an SDK decision are in-app",
    event: jsEvent(error("TypeError", "x", [{ function: "submit", abs_path: "webpack:///./src/form.js", filename: "./src/form.js", lineno: 3 }])),
    variants: { app: ["form.js", "submit", "TypeError"], system: ["form.js", "submit", "TypeError"] },
    inApp: [true],
  },
  // ---- §5.6 fingerprints ----------------------------------------------------------------------------------------------
  {
    name: "built-in fingerprint: ChunkLoadError",
    event: jsEvent(error("ChunkLoadError", "Loading chunk 42 failed.")),
    variants: { app: null, "built-in-fingerprint": ["chunkloaderror"] },
  },
  {
    name: "built-in fingerprint: React hydration errors, one issue per transaction",
    event: { ...jsEvent(error("Error", "Text content does not match server-rendered HTML.")), tags: [["transaction", "/checkout"]] },
    variants: { app: null, "built-in-fingerprint": ["hydrationerror", "/checkout"] },
  },
  {
    name: "built-in fingerprints do not override an SDK fingerprint",
    event: { ...jsEvent(error("ChunkLoadError", "Loading chunk 42 failed.")), fingerprint: ["chunks"] },
    variants: { app: null, "custom-fingerprint": ["chunks"] },
  },
  {
    name: "SDK fingerprint {{ default }} only: normal grouping",
    event: { ...pyEvent(error("KeyError", "k")), fingerprint: ["{{ default }}"] },
    variants: { app: ["KeyError", "k"] },
  },
  {
    name: "SDK hybrid fingerprint: salted with the variant's values",
    event: { ...pyEvent(error("KeyError", "k")), fingerprint: ["{{ default }}", "dogs are great"] },
    variants: { app: ["KeyError", "k", "dogs are great"] },
  },
  {
    name: "SDK custom fingerprint with variables",
    event: { ...pyEvent(error("KeyError", "k", viewFrames)), transaction: "/orders", fingerprint: ["{{ transaction }}", "{{ type }}", "db"] },
    variants: { app: null, system: null, "custom-fingerprint": ["/orders", "KeyError", "db"] },
  },
  {
    name: "project fingerprint rule replaces the SDK fingerprint, with a title",
    event: pyEvent(error("ConnectionError", "timeout after 30s", viewFrames)),
    fingerprintRules: 'error.type:ConnectionError -> network-down title="Network is down"',
    variants: { app: null, system: null, "custom-fingerprint": ["network-down"] },
    title: "Network is down",
  },
  {
    name: "project fingerprint rule with {{ default }} salts the default grouping",
    event: pyEvent(error("KeyError", "k")),
    fingerprintRules: "error.type:KeyError -> {{ default }}, keys",
    variants: { app: ["KeyError", "k", "keys"] },
  },
  // ---- project stack trace rules ----------------------------------------------------------------------------------------
  {
    name: "project rule +app adds a library frame to the app variant",
    event: pyEvent(error("E", "x", [py("mylib.core", "call", "fn()", { in_app: false }), viewFrames[1]!])),
    stackRules: "module:mylib.* +app",
    variants: { app: ["mylib.core", "call", "fn()", "app.views", "index", "raise ValueError(name)", "E"], system: ["mylib.core", "call", "fn()", "app.views", "index", "raise ValueError(name)", "E"] },
    inApp: [true, true],
  },
  {
    name: "project rule -app removes a frame from the app variant only",
    event: pyEvent(error("E", "x", viewFrames)),
    stackRules: "function:run -app",
    variants: { app: ["app.views", "index", "raise ValueError(name)", "E"], system: [...viewValues, "E"] },
    inApp: [false, true],
  },
  {
    name: "project rule -group removes a frame from every variant",
    event: pyEvent(error("E", "x", viewFrames)),
    stackRules: "module:app.main -group",
    variants: { app: ["app.views", "index", "raise ValueError(name)", "E"], system: ["app.views", "index", "raise ValueError(name)", "E"] },
  },
  {
    // Like Sentry's enhancer, an explicit +group switches the frame on in every variant, the app one included.
    name: "project rule +group brings back a frame a built-in rule ignored",
    event: { platform: "node", exception: { values: [error("Error", "x", [js("processTicksAndRejections", "node:internal/process/task_queues"), js("save", "/app/src/db.js")])] } },
    stackRules: "function:processTicksAndRejections +group",
    variants: {
      app: ["task_queues", "processTicksAndRejections", "db.js", "save", "Error"],
      system: ["task_queues", "processTicksAndRejections", "db.js", "save", "Error"],
    },
    inApp: [false, true],
  },
  // ---- checksum and fallback --------------------------------------------------------------------------------------------------
  {
    name: "legacy checksum that is an md5 is the hash",
    event: { ...pyEvent(error("KeyError", "k")), checksum: "0123456789abcdef0123456789abcdef" },
    variants: { checksum: null },
  },
  { name: "an event with nothing to group by falls back to md5 of nothing", event: { platform: "python" }, variants: { fallback: [] } },
];

describe("computeGrouping (table)", () => {
  it("has at least 40 cases", () => expect(cases.length).toBeGreaterThanOrEqual(40));

  for (const c of cases) {
    it(c.name, () => {
      const event = structuredClone(c.event);
      const result = group(event, c);
      if (c.variants) {
        expect(result.variants.map((v) => v.key).sort()).toEqual(Object.keys(c.variants).sort());
        for (const [key, values] of Object.entries(c.variants)) {
          const variant = result.variants.find((v) => v.key === key)!;
          if (variant.type === "component" && values !== null) expect(contributingValues(variant.component!), key).toEqual(values);
          if (variant.type === "checksum") continue;
          expect(variant.hash, key).toBe(values === null ? null : md5(values));
        }
      }
      if (c.sameAs || c.differentFrom) {
        const other = group(structuredClone((c.sameAs ?? c.differentFrom)!), c);
        const shared = result.hashes.filter((hash) => other.hashes.includes(hash));
        if (c.sameAs) expect(shared.length).toBeGreaterThan(0);
        else expect(shared).toEqual([]);
      }
      if (c.title !== undefined) expect(result.title).toBe(c.title);
      if (c.inApp) {
        const holder = (event.exception as { values: JsonObject[] } | undefined)?.values[0] ?? event;
        const frames = (holder.stacktrace as { frames: JsonObject[] }).frames;
        expect(frames.map((frame) => frame.in_app)).toEqual(c.inApp);
      }
    });
  }
});

describe("computeGrouping (details)", () => {
  it("lists hashes app first, then system, without duplicates", () => {
    const result = computeGrouping(pyEvent(error("E", "x", viewFrames)), { stacktraceRules: [], fingerprintRules: [] });
    expect(result.hashes).toEqual([md5([...viewValues, "E"])]);
    expect(result.variants.map((v) => v.key)).toEqual(["app", "system"]);
  });

  it("hashes a checksum that is not an md5", () => {
    const result = computeGrouping({ platform: "python", checksum: "my-key" }, { stacktraceRules: [], fingerprintRules: [] });
    expect(result.hashes).toEqual([md5(["my-key"])]);
  });

  it("keeps the SDK's in_app in data.orig_in_app, so regrouping starts again from it", () => {
    const event = pyEvent(error("E", "x", [py("app.core", "run", "go()", { in_app: false })]));
    computeGrouping(event, { stacktraceRules: parseStacktraceRules("module:app.* +app"), fingerprintRules: [] });
    const frame = ((event.exception as { values: JsonObject[] }).values[0]!.stacktrace as { frames: JsonObject[] }).frames[0]!;
    expect(frame).toMatchObject({ in_app: true, data: { orig_in_app: 0 } });
    computeGrouping(event, { stacktraceRules: [], fingerprintRules: [] });
    expect(frame.in_app).toBe(false);
  });

  it("never throws on odd shapes", () => {
    const odd: JsonObject[] = [
      {},
      { exception: "x" },
      { exception: { values: [null, 1, { stacktrace: { frames: [null, "f", { function: 3 }] } }] } },
      { threads: { values: [{ crashed: true, stacktrace: "no" }] }, stacktrace: { frames: {} } },
      { csp: { blocked_uri: 5 }, fingerprint: "x", checksum: 3, logentry: { formatted: 4 } },
      { exception: { values: [{ type: "A", mechanism: { exception_id: 0, parent_id: 0, is_exception_group: true } }, { type: "B", mechanism: { exception_id: 1, parent_id: 0 } }] } },
    ];
    for (const event of odd) expect(() => computeGrouping(event, { stacktraceRules: [], fingerprintRules: [] })).not.toThrow();
  });
});
