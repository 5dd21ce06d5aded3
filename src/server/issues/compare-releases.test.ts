import { describe, expect, it } from "vitest";
import { compareReleases } from "./compare-releases";

const firstSeen = new Map([
  ["build-a", 1000],
  ["build-b", 2000],
  ["abc1234", 3000],
]);
const firstSeenOf = (release: string) => firstSeen.get(release);

describe("compareReleases", () => {
  it.each([
    ["shop@1.9.0", "shop@2.0.0", -1],
    ["shop@2.1.0", "shop@2.0.0", 1],
    ["shop@2.0.0", "shop@2.0.0", 0],
    ["2", "1.9", 1],
    ["v1.10.0", "v1.9.0", 1],
    ["shop@2.0.0-beta.1", "shop@2.0.0", -1],
    ["build-a", "build-b", -1],
    ["abc1234", "build-b", 1],
    ["never-seen", "build-b", 1],
    ["build-b", "never-seen", -1],
  ])("%s against %s is %i", (a, b, expected) => {
    expect(Math.sign(compareReleases(a, b, firstSeenOf))).toBe(expected);
  });

  it("orders a semantic version against a non-semantic one by when each was first seen", () => {
    firstSeen.set("shop@3.0.0", 500);
    expect(Math.sign(compareReleases("shop@3.0.0", "build-a", firstSeenOf))).toBe(-1);
  });
});
