import { describe, expect, it } from "vitest";
import type { JsonObject } from "@/lib/json-values";
import { builtInFingerprintRules } from "./built-in-fingerprint-rules";
import { matchFingerprintRules } from "./match-fingerprint-rules";
import { parseFingerprintRules } from "./parse-fingerprint-rules";
import { classifyFingerprint, resolveFingerprintVariables, resolveTitleTemplate } from "./resolve-fingerprint";

const event: JsonObject = {
  platform: "python",
  level: "error",
  logger: "com.myapp.db",
  release: "backend@1.2.3",
  transaction: "/api/users/{id}",
  sdk: { name: "sentry.python.django" },
  tags: [["server_name", "canary-1.mycompany.internal"], ["region", "eu"]],
  logentry: { message: "Connection %s lost", formatted: "Connection db-1 lost" },
  exception: {
    values: [
      { type: "OSError", value: "socket closed" },
      {
        type: "ConnectionError",
        value: "Connection error (code: 42)",
        stacktrace: {
          frames: [
            { function: "main", module: "app.main", abs_path: "/srv/app/main.py", filename: "app/main.py", in_app: true },
            { function: "connect", module: "app.db", abs_path: "/srv/app/db.py", filename: "app/db.py", in_app: true, package: "/usr/lib/libpq.so" },
            { function: "create_connection", module: "socket", abs_path: "/usr/lib/python3.12/socket.py", filename: "socket.py", in_app: false },
          ],
        },
      },
    ],
  },
};
const matches = (rule: string, data: JsonObject = event) => matchFingerprintRules(data, parseFingerprintRules(`${rule} -> hit`)) !== null;

describe("matchFingerprintRules: matchers", () => {
  it.each<[string, boolean]>([
    ["error.type:ConnectionError", true],
    ["type:OSError", true], // any exception of the chain
    ["type:connectionerror", false], // type is case-sensitive
    ['error.value:"connection error (code: *)"', true], // value is not
    ['value:"socket *"', true],
    ['message:"connection DB-1 lost"', true], // the formatted log message…
    ['message:"Connection %s lost"', true], // …its template…
    ['message:"SOCKET closed"', true], // …or an exception value
    ['message:"nothing*"', false],
    ['logger:"com.myapp.*"', true],
    ['logger:"COM.myapp.*"', false],
    ["level:ERROR", true],
    ["level:warning", false],
    ['tags.server_name:"canary-*.mycompany.internal"', true],
    ["tags.region:us", false],
    ["tags.missing:*", false],
    ["!tags.missing:*", true],
    ["tags.transaction:/api/*", true], // Sentry's derived tag, from event.transaction
    ["stack.function:connect", true],
    ["function:Connect", false],
    ["stack.module:app.*", true],
    ["module:socket", true],
    ['stack.abs_path:"**/app/*.py"', true],
    ['path:"**/APP/DB.PY"', true], // path is case-insensitive
    ['path:"app/*.py"', true], // filename counts too
    ["path:/srv/*", false], // `*` stops at a slash
    ["package:**/libpq.so", true],
    ["family:other", true],
    ["family:javascript", false],
    ["family:native,other", true],
    ["app:yes function:connect", true],
    ["app:yes function:create_connection", false],
    ["app:no module:socket", true],
    ["sdk:sentry.python.*", true],
    ["sdk:sentry.javascript.*", false],
    ["release:backend@1.*", true],
    ["!release:backend@1.*", false],
  ])("%s → %s", (rule, expected) => {
    expect(matches(rule)).toBe(expected);
  });

  it("frame matchers must all hold on the same frame", () => {
    expect(matches("function:connect module:app.db")).toBe(true);
    expect(matches("function:connect module:socket")).toBe(false);
    expect(matches("function:connect !module:socket")).toBe(true);
  });

  it("exception matchers must hold on the same exception", () => {
    expect(matches('type:ConnectionError value:"connection error*"')).toBe(true);
    expect(matches('type:OSError value:"connection error*"')).toBe(false);
  });

  it("rules with frame or exception matchers need frames or exceptions", () => {
    const message = { platform: "python", logentry: { formatted: "hi" } };
    expect(matches("!function:x", message)).toBe(false);
    expect(matches("!type:x", message)).toBe(false);
    expect(matches("message:hi", message)).toBe(true);
  });

  it("looks at threads and the top-level stacktrace too", () => {
    expect(matches("function:worker", { threads: { values: [{ stacktrace: { frames: [{ function: "worker" }] } }] } })).toBe(true);
    expect(matches("function:log_it", { stacktrace: { frames: [{ function: "log_it" }] } })).toBe(true);
  });

  it("returns the first matching rule with its fingerprint, title and text", () => {
    const rules = parseFingerprintRules('type:Nope -> a\nlogger:com.myapp.* -> db, {{ logger }} title="DB: {{ logger }}"\ntype:* -> c');
    expect(matchFingerprintRules(event, rules)).toEqual({
      fingerprint: ["db", "{{ logger }}"],
      title: "DB: {{ logger }}",
      rule: 'logger:com.myapp.* -> db, {{ logger }} title="DB: {{ logger }}"',
    });
    expect(matchFingerprintRules(event, [])).toBeNull();
  });
});

describe("built-in JavaScript fingerprint rules", () => {
  const js = (extra: JsonObject): JsonObject => ({ platform: "javascript", ...extra });

  it.each<[string, JsonObject, string[] | null]>([
    ["ChunkLoadError by type", js({ exception: { values: [{ type: "ChunkLoadError", value: "Loading chunk 5 failed." }] } }), ["chunkloaderror"]],
    ["ChunkLoadError by value", js({ exception: { values: [{ type: "Error", value: "ChunkLoadError: Loading chunk 5 failed.\n(error: https://x/5.js)" }] } }), ["chunkloaderror"]],
    ["ChunkLoadError on Node", { platform: "node", exception: { values: [{ type: "ChunkLoadError" }] } }, ["chunkloaderror"]],
    ["not for other platforms", { platform: "python", exception: { values: [{ type: "ChunkLoadError" }] } }, null],
    [
      "hydration error with tags.transaction",
      js({ tags: [["transaction", "/checkout"]], exception: { values: [{ type: "Error", value: "Hydration failed because the initial UI does not match what was rendered on the server." }] } }),
      ["hydrationerror", "/checkout"],
    ],
    [
      "hydration error, transaction from the event field",
      js({ transaction: "/cart", exception: { values: [{ type: "Error", value: "Text content does not match server-rendered HTML." }] } }),
      ["hydrationerror", "/cart"],
    ],
    ["hydration error without a transaction", js({ exception: { values: [{ type: "Error", value: "Text content does not match server-rendered HTML." }] } }), null],
    ["an ordinary error", js({ exception: { values: [{ type: "TypeError", value: "x is undefined" }] } }), null],
  ])("%s", (_, data, fingerprint) => {
    const match = matchFingerprintRules(data, builtInFingerprintRules);
    expect(match && resolveFingerprintVariables(match.fingerprint, data)).toEqual(fingerprint);
  });
});

describe("resolveFingerprintVariables", () => {
  it.each<[string, string]>([
    ["{{ transaction }}", "/api/users/{id}"],
    ["{{message}}", "Connection db-1 lost"],
    ["{{ type }}", "ConnectionError"], // the last (thrown) exception
    ["{{ error.type }}", "ConnectionError"],
    ["{{ value }}", "Connection error (code: 42)"],
    ["{{ error.value }}", "Connection error (code: 42)"],
    ["{{ function }}", "connect"], // the newest in-app frame
    ["{{ stack.function }}", "connect"],
    ["{{ path }}", "/srv/app/db.py"],
    ["{{ stack.abs_path }}", "/srv/app/db.py"],
    ["{{ stack.filename }}", "app/db.py"],
    ["{{ module }}", "app.db"],
    ["{{ stack.module }}", "app.db"],
    ["{{ package }}", "/usr/lib/libpq.so"],
    ["{{ stack.package }}", "/usr/lib/libpq.so"],
    ["{{ level }}", "error"],
    ["{{ logger }}", "com.myapp.db"],
    ["{{ tags.region }}", "eu"],
    ["{{ default }}", "{{ default }}"],
    ["{{ whatever }}", "{{ whatever }}"],
    ["  plain  ", "plain"],
    ["prefix-{{ type }}", "prefix-{{ type }}"], // only whole entries are variables
  ])("%s → %s", (entry, expected) => {
    expect(resolveFingerprintVariables([entry], event)).toEqual([expected]);
  });

  it("falls back to Sentry's placeholders", () => {
    const all = ["{{ transaction }}", "{{ message }}", "{{ type }}", "{{ value }}", "{{ function }}", "{{ path }}", "{{ stack.filename }}", "{{ module }}", "{{ package }}", "{{ level }}", "{{ logger }}", "{{ tags.server }}"];
    expect(resolveFingerprintVariables(all, {})).toEqual([
      "<no-transaction>", "<no-message>", "<no-type>", "<no-value>", "<no-function>", "<no-abs-path>", "<no-filename>",
      "<no-module>", "<no-package>", "<no-level>", "<no-logger>", "<no-value-for-tag-server>",
    ]);
  });

  it("uses the newest frame when no frame is in-app", () => {
    const data = { exception: { values: [{ stacktrace: { frames: [{ function: "a" }, { function: "b", in_app: false }] } }] } };
    expect(resolveFingerprintVariables(["{{ function }}"], data)).toEqual(["b"]);
  });

  it("expands variables inside a title", () => {
    expect(resolveTitleTemplate("Error from Logger {{ logger }} ({{nope}})", event)).toBe("Error from Logger com.myapp.db ({{nope}})");
  });
});

describe("classifyFingerprint", () => {
  it.each<[string[], "default" | "hybrid" | "custom"]>([
    [["{{ default }}"], "default"],
    [["{{default}}"], "default"],
    [[" {{  default  }} "], "default"],
    [[], "default"],
    [["{{ default }}", "dogs are great"], "hybrid"],
    [["{{ transaction }}", "{{ default }}"], "hybrid"],
    [["{{ default }}", "{{ default }}"], "hybrid"],
    [["celery", "SoftTimeLimitExceeded", "sentry.tasks.store.process_event"], "custom"],
    [["default"], "custom"],
  ])("%j → %s", (fingerprint, kind) => {
    expect(classifyFingerprint(fingerprint)).toBe(kind);
  });
});
