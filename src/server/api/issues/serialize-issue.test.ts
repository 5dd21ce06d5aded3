import { describe, expect, it } from "vitest";
import { ApiIssue } from "../schemas";
import { issueIdOf } from "./find-api-issue";
import { metadataOf, serializeIssue, statusDetailsOf, type SerializableIssue } from "./serialize-issue";

const row: SerializableIssue = {
  id: 42,
  type: "error",
  title: "TypeError: price of order 7 is undefined",
  culprit: "checkout(app/cart)",
  level: "error",
  priority: "high",
  platform: "node",
  status: "unresolved",
  substatus: "new",
  resolution: null,
  ignore_condition: null,
  first_seen: Date.UTC(2026, 0, 1),
  last_seen: Date.UTC(2026, 0, 2, 12),
  times_seen: 1500,
  users_seen: 3,
};
const extras = { project: { id: 3, slug: "web-shop", name: "Web Shop", platform: "node" }, numComments: 2, assignedTo: null, isBookmarked: false };

describe("serializeIssue", () => {
  it("answers Sentry's issue shape: string ids and count, short id, permalink, ISO times, metadata split from the title", () => {
    const issue = serializeIssue(row, { ...extras, stats: { "24h": [[1_767_225_600, 4]] } }, "https://lantern.example.com");
    expect(ApiIssue.parse(issue)).toEqual(issue);
    expect(issue).toMatchObject({
      id: "42",
      shortId: "WEB-SHOP-42",
      permalink: "https://lantern.example.com/projects/web-shop/issues/42",
      status: "unresolved",
      statusDetails: {},
      substatus: "new",
      project: { id: "3", slug: "web-shop", name: "Web Shop", platform: "node" },
      metadata: { type: "TypeError", value: "price of order 7 is undefined" },
      count: "1500",
      userCount: 3,
      numComments: 2,
      firstSeen: "2026-01-01T00:00:00.000Z",
      lastSeen: "2026-01-02T12:00:00.000Z",
      priority: "high",
      stats: { "24h": [[1_767_225_600, 4]] },
    });
    expect(serializeIssue(row, extras, "https://lantern.example.com")).not.toHaveProperty("stats");
  });

  it("says why an issue is resolved or ignored in Sentry's statusDetails", () => {
    const resolved = { ...row, status: "resolved" };
    expect(statusDetailsOf({ ...resolved, resolution: JSON.stringify({ kind: "now" }) })).toEqual({});
    expect(statusDetailsOf({ ...resolved, resolution: JSON.stringify({ kind: "in_release", release: "shop@2.0" }) })).toEqual({ inRelease: "shop@2.0" });
    expect(statusDetailsOf({ ...resolved, resolution: JSON.stringify({ kind: "next_release", afterRelease: null }) })).toEqual({ inNextRelease: true });
    const ignored = { ...row, status: "ignored" };
    expect(statusDetailsOf({ ...ignored, ignore_condition: JSON.stringify({ kind: "forever" }) })).toEqual({});
    expect(statusDetailsOf({ ...ignored, ignore_condition: JSON.stringify({ kind: "count", count: 10, baseline: 3 }) })).toEqual({ ignoreCount: 10 });
    expect(statusDetailsOf({ ...ignored, ignore_condition: JSON.stringify({ kind: "users", count: 5, baseline: 0 }) })).toEqual({ ignoreUserCount: 5 });
    expect(statusDetailsOf({ ...ignored, ignore_condition: JSON.stringify({ kind: "duration", until: Date.UTC(2026, 5, 1) }) })).toEqual({ ignoreUntil: "2026-06-01T00:00:00.000Z" });
    expect(statusDetailsOf({ ...ignored, ignore_condition: "not json" })).toEqual({});
  });

  it("gives message issues a title as metadata, and reads ids and short ids back", () => {
    expect(metadataOf("default", "Nightly export timed out")).toEqual({ title: "Nightly export timed out" });
    expect(metadataOf("error", "Error")).toEqual({ type: "Error", value: "" });
    expect(issueIdOf("42")).toBe(42);
    expect(issueIdOf("WEB-SHOP-42")).toBe(42);
    expect(issueIdOf("shop-2-7")).toBe(7);
    for (const ref of ["0", "-1", "42a", "../42", ""]) expect(issueIdOf(ref)).toBeNull();
  });
});
