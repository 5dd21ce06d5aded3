import { describe, expect, it } from "vitest";
import { findMapReference, parseSourceMap } from "./artifact-source";
import { closestUrls, editDistance, identifierAt, isInAppSource, mapUrlCandidates, shortenSourcePath, urlCandidates } from "./resolve-frame";

describe("urlCandidates", () => {
  it("tries the URL as sent, without its query, then ~/ + path with and without the query", () => {
    expect(urlCandidates("https://shop.example/assets/app.js?v=3#x")).toEqual(["https://shop.example/assets/app.js?v=3#x", "https://shop.example/assets/app.js", "~/assets/app.js?v=3", "~/assets/app.js"]);
    expect(urlCandidates("app:///main.js")).toEqual(["app:///main.js", "~/main.js"]);
    expect(urlCandidates("/srv/app/dist/server.js")).toEqual(["/srv/app/dist/server.js", "~/srv/app/dist/server.js"]);
    expect(urlCandidates("~/assets/app.js")).toEqual(["~/assets/app.js"]);
    expect(urlCandidates("https://shop.example/a%20b.js")).toContain("~/a b.js");
    expect(urlCandidates("not a url")).toEqual(["not a url"]);
  });
});

describe("mapUrlCandidates", () => {
  it("resolves a map reference against the frame's URL and against the uploaded file's ~/ URL", () => {
    expect(mapUrlCandidates("app.js.map", "https://shop.example/assets/app.js?v=3", "~/assets/app.js")).toEqual(["https://shop.example/assets/app.js.map", "~/assets/app.js.map"]);
    expect(mapUrlCandidates("../maps/app.js.map", "https://shop.example/assets/app.js", "~/assets/app.js")).toEqual(["https://shop.example/maps/app.js.map", "~/maps/app.js.map"]);
    expect(mapUrlCandidates("https://cdn.example/app.js.map", "https://shop.example/app.js", "~/app.js")).toContain("~/app.js.map");
  });
});

describe("shortenSourcePath and isInAppSource", () => {
  it("drops webpack's and app's scheme and host, keeps relative paths", () => {
    expect(shortenSourcePath("webpack://app/./src/x.ts")).toBe("./src/x.ts");
    expect(shortenSourcePath("webpack:///src/x.ts")).toBe("/src/x.ts");
    expect(shortenSourcePath("app:///src/x.ts")).toBe("/src/x.ts");
    expect(shortenSourcePath("https://shop.example/src/x.ts")).toBe("/src/x.ts");
    expect(shortenSourcePath("../src/x.ts")).toBe("../src/x.ts");
    expect(shortenSourcePath("turbopack:///[project]/src/app/page.tsx")).toBe("src/app/page.tsx");
  });

  it("takes libraries and the bundler's runtime out of the app", () => {
    expect(isInAppSource("webpack://app/./node_modules/react-dom/cjs/react-dom.js")).toBe(false);
    expect(isInAppSource("../node_modules/lodash/get.js")).toBe(false);
    expect(isInAppSource("webpack://app/webpack/runtime/jsonp chunk loading")).toBe(false);
    expect(isInAppSource("webpack://app/./src/checkout.ts")).toBe(true);
    expect(isInAppSource("turbopack:///[turbopack]/browser/runtime/base/runtime-base.ts")).toBe(false);
    expect(isInAppSource("turbopack:///[project]/src/app/page.tsx")).toBe(true);
  });
});

describe("identifierAt", () => {
  it("reads the identifier a mapping points at, never a keyword", () => {
    expect(identifierAt("  return checkoutTotal(items);", 9)).toBe("checkoutTotal");
    expect(identifierAt("  throw new Error()", 8)).toBeNull();
    expect(identifierAt(undefined, 0)).toBeNull();
  });
});

describe("closestUrls", () => {
  it("lists uploaded names like the one looked for, nearest first, and nothing unlike it", () => {
    const uploaded = ["~/assets/app.min.js", "~/static/app.js", "~/assets/vendor.js", "~/assets/app.min.js.map", "~/readme.txt"];
    expect(closestUrls(uploaded, "~/static/app.min.js")).toEqual(["~/assets/app.min.js", "~/static/app.js", "~/assets/app.min.js.map"]);
    expect(closestUrls(["~/zzzzzzzzzz.css"], "~/app.js")).toEqual([]);
    expect(editDistance("kitten", "sitting", 64)).toBe(3);
  });
});

describe("findMapReference and parseSourceMap", () => {
  it("finds the last sourceMappingURL comment, with either marker", () => {
    expect(findMapReference('var a=1;\n//# sourceMappingURL=app.js.map\n//# debugId=1\n')).toBe("app.js.map");
    expect(findMapReference("var a=1;\n//@ sourceMappingURL=old.map")).toBe("old.map");
    expect(findMapReference('var s="sourceMappingURL=fake";')).toBeNull();
    expect(findMapReference("var a=1;")).toBeNull();
  });

  it("refuses what is not a version 3 map, and never throws", () => {
    expect(parseSourceMap("{").kind).toBe("broken");
    expect(parseSourceMap("null").kind).toBe("broken");
    expect(parseSourceMap('{"version":3}').kind).toBe("broken");
    expect(parseSourceMap('{"version":3,"sections":[{"offset":{"line":0,"column":0}}]}').kind).toBe("broken");
    expect(parseSourceMap(`)]}'\n{"version":3,"sources":["a.ts"],"mappings":"AAAA"}`).kind).toBe("map");
  });
});
