import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { builtInFingerprintRules } from "./built-in-fingerprint-rules";
import { parseFingerprintRules } from "./parse-fingerprint-rules";

describe("parseFingerprintRules: matchers", () => {
  it.each([
    ["error.type:DatabaseUnavailable", "type", "DatabaseUnavailable"],
    ["type:ZeroDivisionError", "type", "ZeroDivisionError"],
    ['error.value:"connection error: *"', "value", "connection error: *"],
    ["value:oops", "value", "oops"],
    ['message:"system encountered a fatal problem: *"', "message", "system encountered a fatal problem: *"],
    ['logger:"com.myapp.mypackage.*"', "logger", "com.myapp.mypackage.*"],
    ["level:error", "level", "error"],
    ['tags.server_name:"canary-*.mycompany.internal"', "tags.server_name", "canary-*.mycompany.internal"],
    ['"tags.my:tag":x', "tags.my:tag", "x"],
    ["stack.function:my_assertion_failed", "function", "my_assertion_failed"],
    ["function:f", "function", "f"],
    ['stack.module:"*/my-utils/*"', "module", "*/my-utils/*"],
    ["module:m", "module", "m"],
    ['stack.abs_path:"**/my-utils/*.js"', "path", "**/my-utils/*.js"],
    ["path:p", "path", "p"],
    ['stack.package:"**/libcurl.dylib"', "package", "**/libcurl.dylib"],
    ["package:p", "package", "p"],
    ["family:native", "family", "native"],
    ["app:yes", "app", "yes"],
    ["stack.app:no", "app", "no"],
    ["sdk:sentry.javascript.*", "sdk", "sentry.javascript.*"],
    ["release:1.2.*", "release", "1.2.*"],
  ])("%s", (matcher, key, pattern) => {
    const [rule] = parseFingerprintRules(`${matcher} -> x`);
    expect(rule!.matchers).toEqual([{ key, pattern, negated: false }]);
  });

  it("combines matchers, with negation", () => {
    const [rule] = parseFingerprintRules('family:native !stack.module:"myproject::*" -> not-from-my-project');
    expect(rule!.matchers).toEqual([
      { key: "family", pattern: "native", negated: false },
      { key: "module", pattern: "myproject::*", negated: true },
    ]);
  });
});

describe("parseFingerprintRules: fingerprints and titles", () => {
  it.each<[string, string[], string | null]>([
    ["error.type:A -> system-down", ["system-down"], null],
    ['error.value:"connection error: *" -> connection-error, {{ transaction }}', ["connection-error", "{{ transaction }}"], null],
    ["type:A -> {{default}},{{ tags.server_name }}", ["{{default}}", "{{ tags.server_name }}"], null],
    ['type:A -> "a, b", c', ["a, b", "c"], null],
    ["type:A -> a b", ["a", "b"], null],
    ['logger:my.package.* level:error -> error-logger, {{ logger }} title="Error from Logger {{ logger }}"', ["error-logger", "{{ logger }}"], "Error from Logger {{ logger }}"],
    ['type:A -> x # why: grouped by hand', ["x"], null],
  ])("%s", (text, fingerprint, title) => {
    const [rule] = parseFingerprintRules(text);
    expect(rule).toMatchObject({ fingerprint, title, text });
  });

  it("skips comments and blank lines and keeps the trimmed line as the rule text", () => {
    const rules = parseFingerprintRules("# You can use comments\n\n  type:A -> a  \r\n# type:B -> b\nlevel:info -> b");
    expect(rules.map((r) => r.text)).toEqual(["type:A -> a", "level:info -> b"]);
  });

  it.each([
    ["type:A", "line 1: expected '->' followed by a fingerprint"],
    ["# c\n-> a", "line 2: rule has no matchers before '->'"],
    ["\n\nfoo:bar -> a", "line 3: unknown matcher 'foo'"],
    ["constructor:x -> a", "line 1: unknown matcher 'constructor'"],
    ["type:A ->", "line 1: missing fingerprint after '->'"],
    ["type:A -> , ,", "line 1: missing fingerprint after '->'"],
    ['type:A -> a colour="red"', "line 1: unknown attribute 'colour'"],
    ['message:"oops -> a', "line 1: unterminated quoted string"],
    ["type:A -> {{ transaction", "line 1: unterminated '{{' variable"],
    ["family:web -> a", "line 1: unknown family 'web'"],
    ["app:sometimes -> a", "line 1: invalid app value 'sometimes' (use yes or no)"],
    ["tags.:x -> a", "line 1: unknown matcher 'tags.'"],
    ["type: -> a", "line 1: empty value for 'type'"],
  ])("%j → %s", (text, message) => {
    expect(() => parseFingerprintRules(text)).toThrow(message);
    expect(() => parseFingerprintRules(text)).toThrow(AppError);
  });

  it("parses the seven built-in JavaScript rules verbatim", () => {
    expect(builtInFingerprintRules).toHaveLength(7);
    expect(builtInFingerprintRules[0]).toMatchObject({
      matchers: [
        { key: "family", pattern: "javascript", negated: false },
        { key: "type", pattern: "ChunkLoadError", negated: false },
      ],
      fingerprint: ["chunkloaderror"],
    });
    expect(builtInFingerprintRules.slice(2).every((r) => r.fingerprint.join("|") === "hydrationerror|{{tags.transaction}}")).toBe(true);
  });
});
