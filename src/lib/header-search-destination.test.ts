import { describe, expect, it } from "vitest";
import { headerSearchDestination, headerSearchMaxLength } from "./header-search-destination";

describe("headerSearchDestination", () => {
  it.each([
    ["2654435761", "/digest?value=2654435761"],
    [" 1 ", "/digest?value=1"],
    ["TypeError", "/issues?query=TypeError"],
    ["level:error browser.name:Chrome", "/issues?query=level%3Aerror+browser.name%3AChrome"],
    ["digest:2654435761", "/issues?query=digest%3A2654435761"],
    ["404 checkout", "/issues?query=404+checkout"],
    ['message:"a & b"', "/issues?query=message%3A%22a+%26+b%22"],
    ["", "/issues"],
    ["   ", "/issues"],
  ])("sends %j to %s", (input, destination) => {
    expect(headerSearchDestination(input)).toBe(destination);
  });

  it("sends a number too long for a digest to the issue search", () => {
    expect(headerSearchDestination("1".repeat(21))).toBe(`/issues?query=${"1".repeat(21)}`);
  });

  it("passes on at most what the issue search reads", () => {
    const destination = headerSearchDestination(`x${"y".repeat(2000)}`);
    expect(new URL(destination, "http://lantern.test").searchParams.get("query")).toHaveLength(headerSearchMaxLength);
  });
});
