import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { builtInStacktraceRules } from "./built-in-stacktrace-rules";
import { parseStacktraceRules } from "./parse-stacktrace-rules";

describe("parseStacktraceRules: matchers", () => {
  it.each([
    ["family:javascript -app", "family", "javascript"],
    ["family:javascript,native -app", "family", "javascript,native"],
    ["path:**/node_modules/** -app", "path", "**/node_modules/**"],
    ["stack.abs_path:**/x.js -app", "path", "**/x.js"],
    ["module:@babel/** -app", "module", "@babel/**"],
    ["stack.module:foo.* -app", "module", "foo.*"],
    ["function:std::* -app", "function", "std::*"],
    ["stack.function:main -app", "function", "main"],
    ["package:**/libcurl.dylib -group", "package", "**/libcurl.dylib"],
    ["stack.package:x -group", "package", "x"],
    ["app:yes -group", "app", "yes"],
    ["stack.app:NO +app", "app", "NO"],
    ["category:telemetry -group", "category", "telemetry"],
    ["type:ValueError -group", "type", "ValueError"],
    ["error.type:Foo* -group", "type", "Foo*"],
    ["value:oops -group", "value", "oops"],
    ["error.value:oops -group", "value", "oops"],
    ["mechanism:onerror -group", "mechanism", "onerror"],
    ["error.mechanism:onerror -group", "mechanism", "onerror"],
  ])("%s → %s", (text, key, pattern) => {
    const [rule] = parseStacktraceRules(text);
    expect(rule!.matchers).toEqual([{ key, pattern, negated: false }]);
  });

  it("reads several matchers, negation and quoted values (with an escaped quote and a kept glob escape)", () => {
    const [rule] = parseStacktraceRules(String.raw`family:javascript !function:"my func" value:"say \"hi\" \*" -app`);
    expect(rule!.matchers).toEqual([
      { key: "family", pattern: "javascript", negated: false },
      { key: "function", pattern: "my func", negated: true },
      { key: "value", pattern: String.raw`say "hi" \*`, negated: false },
    ]);
    expect(rule!.matcherText).toBe(String.raw`family:javascript !function:"my func" value:"say \"hi\" \*"`);
  });

  it("reads caller and callee matchers", () => {
    const [caller, callee] = parseStacktraceRules("[ category:telemetry ] | app:yes -group\ncategory:system | [app:yes] -group");
    expect(caller!.caller).toEqual([{ key: "category", pattern: "telemetry", negated: false }]);
    expect(caller!.matchers).toEqual([{ key: "app", pattern: "yes", negated: false }]);
    expect(caller!.matcherText).toBe("[ category:telemetry ] | app:yes");
    expect(callee!.callee).toEqual([{ key: "app", pattern: "yes", negated: false }]);
    expect(callee!.matcherText).toBe("category:system | [app:yes]");
  });
});

describe("parseStacktraceRules: actions", () => {
  it.each([
    ["+app", { kind: "flag", flag: "app", value: true, range: "self" }],
    ["-app", { kind: "flag", flag: "app", value: false, range: "self" }],
    ["+group", { kind: "flag", flag: "group", value: true, range: "self" }],
    ["-group", { kind: "flag", flag: "group", value: false, range: "self" }],
    ["^-group", { kind: "flag", flag: "group", value: false, range: "up" }],
    ["v+app", { kind: "flag", flag: "app", value: true, range: "down" }],
    ["max-frames=3", { kind: "variable", name: "max-frames", value: "3" }],
    ["min-frames=2", { kind: "variable", name: "min-frames", value: "2" }],
    ["category=telemetry", { kind: "variable", name: "category", value: "telemetry" }],
  ])("%s", (action, expected) => {
    const [rule] = parseStacktraceRules(`function:f ${action}`);
    expect(rule!.actions).toEqual([{ ...expected, text: action }]);
  });

  it("keeps several actions in order and ignores a trailing comment", () => {
    const [rule] = parseStacktraceRules("function:begin_panic ^-app -app ^-group -group  # cut the panic machinery");
    expect(rule!.actions.map((a) => a.text)).toEqual(["^-app", "-app", "^-group", "-group"]);
  });

  it("keeps a # inside an action value", () => {
    const [rule] = parseStacktraceRules("function:track category=c#sharp # comment");
    expect(rule!.actions).toEqual([{ kind: "variable", name: "category", value: "c#sharp", text: "category=c#sharp" }]);
  });
});

describe("parseStacktraceRules: lines", () => {
  it("skips blank lines and # comments, and accepts CRLF", () => {
    const rules = parseStacktraceRules("# comment\r\n\r\n   \r\n  path:**/a/** -app  \r\n#path:x +app\r\nfunction:b -group\r\n");
    expect(rules.map((r) => r.text)).toEqual(["path:**/a/** -app", "function:b -group"]);
  });

  it("returns no rules for empty text", () => {
    expect(parseStacktraceRules("")).toEqual([]);
  });

  it.each([
    ["# c\n\nfoo:bar -app", "line 3: unknown matcher 'foo'"],
    ["__proto__:x -app", "line 1: unknown matcher '__proto__'"],
    ["path:x xapp", "line 1: unknown action 'xapp'"],
    ["path:x", "line 1: rule has no actions"],
    ["-app", "line 1: rule has no matchers"],
    ["\npath:\"x -app", "line 2: unterminated quoted string"],
    ["family:java -app", "line 1: unknown family 'java'"],
    ["app:maybe -group", "line 1: invalid app value 'maybe' (use yes or no)"],
    ["family:native max-frames=lots", "line 1: max-frames needs a whole number, got 'lots'"],
    ["family:native frames=3", "line 1: unknown variable 'frames'"],
    ["function: -app", "line 1: empty value for 'function'"],
    ["[ app:yes | function:x -group", "line 1: missing ']'"],
    ["[ app:yes ] function:x -group", "line 1: expected '|' after caller matchers"],
    ["function:x | app:yes -group", "line 1: expected '[' after '|'"],
    ["path:x -app function:y", "line 1: unknown action 'function:y'"],
  ])("%j → %s", (text, message) => {
    expect(() => parseStacktraceRules(text)).toThrow(message);
  });

  it("throws an AppError with code bad_request", () => {
    const error = (() => {
      try {
        parseStacktraceRules("nonsense");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("bad_request");
  });

  it("parses the built-in rules once at load", () => {
    expect(builtInStacktraceRules.length).toBeGreaterThan(20);
    expect(builtInStacktraceRules.every((r) => r.matchers.length > 0 && r.actions.length > 0)).toBe(true);
  });
});
