import { expect, it } from "vitest";
import { ownValue } from "./own-value";

it("finds a record's own keys only, never Object's members", () => {
  const labels: Record<string, string> = { open: "Open" };
  expect(ownValue(labels, "open")).toBe("Open");
  for (const key of ["constructor", "__proto__", "toString", "hasOwnProperty", "missing"]) expect(ownValue(labels, key)).toBeUndefined();
  expect(ownValue(JSON.parse('{"__proto__": "own"}') as Record<string, string>, "__proto__")).toBe("own");
});
