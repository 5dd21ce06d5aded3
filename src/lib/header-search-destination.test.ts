import { describe, expect, it } from "vitest";
import { headerSearchDestination, headerSearchMaxLength, projectSlugOfPath } from "./header-search-destination";

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

describe("headerSearchDestination inside a project", () => {
  it.each([
    ["TypeError", "shop", "/projects/shop/issues?query=TypeError"],
    ["level:error browser.name:Chrome", "checkout-web", "/projects/checkout-web/issues?query=level%3Aerror+browser.name%3AChrome"],
    ["", "shop", "/projects/shop/issues"],
    ["2654435761", "shop", "/digest?value=2654435761"],
    ["TypeError", null, "/issues?query=TypeError"],
    ["TypeError", "", "/issues?query=TypeError"],
  ])("sends %j typed in project %j to %s", (input, projectSlug, destination) => {
    expect(headerSearchDestination(input, projectSlug)).toBe(destination);
  });

  it.each(["../settings", "shop/../../x", "Shop", "a b", "//evil.example", `${"a".repeat(101)}`])("searches every project when the project %j is not a slug", (projectSlug) => {
    expect(headerSearchDestination("TypeError", projectSlug)).toBe("/issues?query=TypeError");
  });
});

describe("projectSlugOfPath", () => {
  it.each([
    ["/projects/shop", "shop"],
    ["/projects/shop/issues/7/events/abc", "shop"],
    ["/projects/checkout-web/alerts", "checkout-web"],
    ["/projects", null],
    ["/projects/", null],
    ["/projects/new", null],
    ["/issues", null],
    ["/settings/projects/shop", null],
    ["/projects/%2E%2E", null],
  ])("reads %j as %j", (pathname, slug) => {
    expect(projectSlugOfPath(pathname)).toBe(slug);
  });
});
