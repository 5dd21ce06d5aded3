import { describe, expect, it } from "vitest";
import { dataCategoryOf, limitedCategoriesFor } from "./data-categories";

describe("dataCategoryOf", () => {
  it.each([
    ["event", "error"],
    ["transaction", "transaction"],
    ["check_in", "monitor"],
    ["log", "log_item"],
  ])("names the data category of %s items (%s)", (itemType, category) => {
    expect(dataCategoryOf(itemType)).toBe(category);
  });

  it.each(["client_report", "made_up", "constructor", "__proto__", "toString", "hasOwnProperty"])("has no category for %j, not even one inherited from Object", (itemType) => {
    expect(dataCategoryOf(itemType)).toBeNull();
  });
});

describe("limitedCategoriesFor", () => {
  it("limits error and default events together, as SDKs and Relay count them apart", () => {
    expect(limitedCategoriesFor("error")).toEqual(["default", "error"]);
    expect(limitedCategoriesFor("default")).toEqual(["default", "error"]);
    expect(limitedCategoriesFor("attachment")).toEqual(["attachment"]);
  });
});
