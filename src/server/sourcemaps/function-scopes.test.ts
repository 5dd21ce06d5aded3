import { describe, expect, it } from "vitest";
import { indexFunctionScopes, scopeAt } from "./function-scopes";

/** Where `needle` starts in `text` (line 1-based, column 0-based). */
function at(text: string, needle: string, offset = 0): { line: number; column: number } {
  const index = text.indexOf(needle) + offset;
  if (index < offset) throw new Error(`${needle} is not in the text`);
  const before = text.slice(0, index).split("\n");
  return { line: before.length, column: before.at(-1)!.length };
}

describe("indexFunctionScopes / scopeAt", () => {
  const code = [
    "function a(){return [1].map(x=>{throw x})}",
    "var o={m(){return a()},k:function(){return 1}},p=()=>o.m();",
    "q.r=function(){return 2};",
    "var e=class{pay(){return p()}};class F{static s(){return 3}}",
    "top();",
  ].join("\n");
  const scopes = indexFunctionScopes(code);
  const nameAt = (needle: string, offset = 0) => {
    const position = at(code, needle, offset);
    return scopeAt(scopes, position.line, position.column);
  };

  it("names a function by its own name, its key, its variable or its assignment target", () => {
    expect(nameAt("return [1]")).toEqual({ name: at(code, "a(){", 0), owner: null });
    expect(nameAt("return a()")).toEqual({ name: at(code, "m(){"), owner: null });
    expect(nameAt("return 1")).toEqual({ name: at(code, "k:function"), owner: null });
    expect(nameAt("o.m()")).toEqual({ name: at(code, "p=()"), owner: null });
    expect(nameAt("return 2")).toEqual({ name: at(code, "r=function"), owner: null });
  });

  it("gives a class member its class: the class's own name, or the variable a class expression is assigned to", () => {
    expect(nameAt("return p()")).toEqual({ name: at(code, "pay(){"), owner: at(code, "e=class") });
    expect(nameAt("return 3")).toEqual({ name: at(code, "s(){"), owner: at(code, "F{", 0) });
  });

  it("answers the innermost function: an anonymous callback inside a named function has no name", () => {
    expect(nameAt("throw x")).toEqual({ name: null, owner: null });
  });

  it("has no function for top-level code, and none in a file that is not JavaScript", () => {
    expect(nameAt("top()")).toBeNull();
    const broken = indexFunctionScopes("function (((");
    expect(broken.table.length).toBe(0);
    expect(scopeAt(broken, 1, 3)).toBeNull();
  });

  it("reads scripts that are not modules (with, legacy octal) too", () => {
    const script = indexFunctionScopes("function f(){with(x){return 010}}");
    expect(scopeAt(script, 1, 20)).toEqual({ name: { line: 1, column: 9 }, owner: null });
  });
});
