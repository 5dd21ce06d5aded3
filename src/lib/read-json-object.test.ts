import { describe, expect, it } from "vitest";
import { readJsonObject } from "./read-json-object";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("readJsonObject", () => {
  it("returns the object", () => {
    expect(readJsonObject(bytes('{"message":"hi"}'))).toEqual({ message: "hi" });
  });

  it("returns null for text that is not JSON, and for JSON that is not an object", () => {
    for (const text of ["{", "", "null", "[1]", '"text"', "3"]) expect(readJsonObject(bytes(text))).toBeNull();
  });

  it("reads bytes that are not UTF-8 with replacement characters", () => {
    expect(readJsonObject(new Uint8Array([...bytes('{"a":"'), 0xff, ...bytes('"}')]))).toEqual({ a: "\ufffd" });
  });
});
