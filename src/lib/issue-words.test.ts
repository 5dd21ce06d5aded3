import { describe, expect, it } from "vitest";
import { describeActivity, describeIgnoreCondition, describeResolution, substatusLabel } from "./issue-words";

describe("issue words", () => {
  it("names a person's transitions with the actor, and digest's without one", () => {
    expect(describeActivity({ kind: "set_resolved", actor: "user:ada@example.com", data: null })).toBe("Resolved by ada@example.com");
    expect(describeActivity({ kind: "set_regression", actor: "digest", data: { release: "1.2.0" } })).toBe("Regressed in release 1.2.0");
    expect(describeActivity({ kind: "set_regression", actor: "digest", data: { release: null } })).toBe("Regressed");
    expect(describeActivity({ kind: "first_seen", actor: "digest", data: { release: null } })).toBe("First seen");
    expect(describeActivity({ kind: "set_ignored", actor: "user:ada@example.com", data: { kind: "count", count: 5, baseline: 2 } })).toBe("Ignored until it occurs 5 more times by ada@example.com");
    expect(describeActivity({ kind: "set_unresolved", actor: "system", data: { reason: "the ignore period ended" } })).toBe("Reopened: the ignore period ended");
    expect(describeActivity({ kind: "merged_into", actor: "user:ada@example.com", data: { issue: 7 } })).toBe("Merged into issue #7 by ada@example.com");
    expect(describeActivity({ kind: "something_new", actor: "digest", data: null })).toBe("Something new");
  });

  it("describes comments and assignment changes", () => {
    expect(describeActivity({ kind: "note", actor: "user:ada@example.com", data: { commentId: 3 } })).toBe("Commented by ada@example.com");
    expect(describeActivity({ kind: "assigned", actor: "user:ada@example.com", data: { assignee: "Ada" } })).toBe("Assigned to Ada by ada@example.com");
    expect(describeActivity({ kind: "assigned", actor: "user:ada@example.com", data: null })).toBe("Assigned by ada@example.com");
    expect(describeActivity({ kind: "unassigned", actor: "user:ada@example.com", data: { previous: "Ada" } })).toBe("Unassigned by ada@example.com");
    expect(describeActivity({ kind: "unassigned", actor: "system", data: { previous: "payments-oncall", reason: "names no account" } })).toBe("Unassigned from “payments-oncall”: names no account");
    expect(describeActivity({ kind: "set_priority", actor: "user:ada@example.com", data: { priority: "high", previous: "low" } })).toBe("Priority set to high by ada@example.com");
  });

  it("reads stored resolutions and ignore conditions, and tolerates junk", () => {
    expect(describeResolution('{"kind":"in_release","release":"2.0"}')).toBe("in release 2.0");
    expect(describeResolution('{"kind":"next_release","afterRelease":null}')).toBe("in the next release");
    expect(describeResolution('{"kind":"now"}')).toBeNull();
    expect(describeResolution("not json")).toBeNull();
    expect(describeIgnoreCondition('{"kind":"users","count":1,"baseline":0}')).toBe("until it affects 1 more user");
    expect(describeIgnoreCondition('{"kind":"duration","until":0}')).toBe("until 1970-01-01 00:00:00 UTC");
    expect(substatusLabel("regressed")).toBe("Regressed");
  });
});
