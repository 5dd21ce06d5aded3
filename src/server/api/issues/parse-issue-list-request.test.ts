import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { parseIssueListRequest } from "./parse-issue-list-request";

describe("parseIssueListRequest's sort", () => {
  it("reads Sentry's sort names", () => {
    expect(() => parseIssueListRequest(new URLSearchParams("sort=freq"), "project")).not.toThrow();
    expect(() => parseIssueListRequest(new URLSearchParams(), "organization")).not.toThrow();
  });

  it("reads sort=recommended as the most recently seen first (Lantern's closest order)", () => {
    expect(parseIssueListRequest(new URLSearchParams("sort=recommended"), "organization").sort).toBe("last_seen");
  });

  it.each(["priority", "constructor", "__proto__", "toString"])("answers sort=%s with a 400 naming the sorts it knows", (sort) => {
    const read = () => parseIssueListRequest(new URLSearchParams({ sort }), "project");
    expect(read).toThrow(AppError);
    expect(read).toThrow(`Unsupported sort "${sort}": use date, new, freq, user or recommended.`);
  });
});
