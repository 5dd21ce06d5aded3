import { describe, expect, it } from "vitest";
import { defaultScrubSettings, scrubEvent } from "./scrub-event";

const scrubbedUrl = (url: string) => {
  const event = { request: { url } };
  scrubEvent(event, defaultScrubSettings);
  return event.request.url;
};

describe("URLs in events", () => {
  it.each([
    ["a path segment holding `=` before the query", "https://shop.example.com/search/color=red?token=SECRET", "https://shop.example.com/search/color=red?token=[Filtered]"],
    ["a path `x=y` segment before an api key", "https://shop.example.com/x=y/z?api_key=abc", "https://shop.example.com/x=y/z?api_key=[Filtered]"],
    ["a plain query", "https://shop.example.com/checkout?token=SECRET", "https://shop.example.com/checkout?token=[Filtered]"],
    ["a relative URL", "/search/color=red?token=SECRET&page=2", "/search/color=red?token=[Filtered]&page=2"],
    ["a repeated `?`", "https://shop.example.com/a?b=1?token=SECRET", "https://shop.example.com/a?b=1?token=[Filtered]"],
    ["`;` parameters", "https://shop.example.com/cart;jsessionid=ABC123/items?x=1", "https://shop.example.com/cart;jsessionid=[Filtered]/items?x=1"],
    ["`;` between query pairs", "https://shop.example.com/a?x=1;token=SECRET;y=2", "https://shop.example.com/a?x=1;token=[Filtered];y=2"],
    ["an encoded name", "https://shop.example.com/a?api%5Fkey=SECRET&b=2", "https://shop.example.com/a?api%5Fkey=[Filtered]&b=2"],
    ["a doubly encoded name", "https://shop.example.com/a?api%255Fkey=SECRET", "https://shop.example.com/a?api%255Fkey=[Filtered]"],
    ["a `+` in a name", "https://shop.example.com/a?api+key=SECRET", "https://shop.example.com/a?api+key=[Filtered]"],
    ["a fragment", "https://shop.example.com/callback#access_token=SECRET&state=xyz", "https://shop.example.com/callback#access_token=[Filtered]&state=xyz"],
    ["a hash route's query", "https://shop.example.com/#/callback?token=SECRET", "https://shop.example.com/#/callback?token=[Filtered]"],
    ["a password in the authority", "postgres://lantern:SECRET@db.example.com:5432/shop?sslmode=require", "postgres://lantern:[Filtered]@db.example.com:5432/shop?sslmode=require"],
    ["a second URL's password in one word", "https://shop.example.com/,postgres://lantern:SECRET@db/shop", "https://shop.example.com/,postgres://lantern:[Filtered]@db/shop"],
    ["a password in a URL that WHATWG refuses", "redis://:SECRET@[bad-host/0", "redis://:[Filtered]@[bad-host/0"],
    ["a query string on its own", "color=red&token=SECRET", "color=red&token=[Filtered]"],
    ["a base64 value with `=` and `/`", "https://shop.example.com/a?token=ab/c+d==&x=1", "https://shop.example.com/a?token=[Filtered]&x=1"],
    ["a URL quoted inside JSON text, whose value ends at the quote", '{"url":"https://shop.example.com/a?token=SECRET","ok":true}', '{"url":"https://shop.example.com/a?token=[Filtered]","ok":true}'],
    ["an encoded URL inside a value", "https://shop.example.com/login?next=%2Fcart%3Ftoken%3DSECRET", "https://shop.example.com/login?next=/cart?token=[Filtered]"],
  ])("filters the sensitive value in %s", (_shape, url, expected) => {
    expect(scrubbedUrl(url)).toBe(expected);
  });

  it.each([
    ["a path segment `color=red`", "https://shop.example.com/search/color=red?page=2"],
    ["a query with nothing sensitive", "/search?q=lamp&sort=price"],
    ["a frame's path", "webpack-internal:///./src/app/page.tsx"],
    ["a user name without a password", "https://public@sentry.example.com/1"],
  ])("keeps %s as it was", (_shape, url) => {
    expect(scrubbedUrl(url)).toBe(url);
  });

  it("filters URLs inside any text, and the query string in every form", () => {
    const event = {
      message: "GET https://shop.example.com/search/color=red?token=SECRET failed",
      request: { query_string: "color=red&token=SECRET", url: "https://shop.example.com/x" },
      breadcrumbs: { values: [{ message: "fetch /x=y/z?api_key=SECRET", data: { url: "/x=y/z?api_key=SECRET" } }] },
      tags: [["url", "https://shop.example.com/search/color=red?token=SECRET"]],
      culprit: "GET /search/color=red?token=SECRET",
      transaction: "/search/color=red?token=SECRET",
    };
    scrubEvent(event, defaultScrubSettings);
    expect(JSON.stringify(event)).not.toContain("SECRET");
    const pairs = { request: { query_string: [["api%5Fkey", "SECRET"], ["color", "red"]] }, extra: { query: { "api%5Fkey": "SECRET" } } };
    scrubEvent(pairs, defaultScrubSettings);
    expect(pairs).toEqual({ request: { query_string: [["api%5Fkey", "[Filtered]"], ["color", "red"]] }, extra: { query: { "api%5Fkey": "[Filtered]" } } });
  });
});
