import { describe, expect, it } from "vitest";
import { parseIssueQuery } from "./parse-issue-query";
import { scopeQueryToEnvironment } from "./scope-query-to-environment";

const parsed = (text: string) => {
  const result = parseIssueQuery(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.query;
};

describe("the issue list under the header's environment filter", () => {
  it("adds environment:<picked> to a query that names no environment", () => {
    const { query, scope } = scopeQueryToEnvironment(parsed("is:unresolved level:error"), "staging");
    expect(query.filters).toContainEqual({ kind: "tag", key: "environment", value: "staging", negated: false });
    expect(query.text).toBe("is:unresolved level:error");
    expect(scope).toEqual({ applied: "staging", overridden: null });
  });

  it("lets the query's own environment: win, negated or not, and says the pick was overridden", () => {
    for (const text of ["environment:production", "!environment:production"]) {
      const { query, scope } = scopeQueryToEnvironment(parsed(text), "staging");
      expect(query.filters.filter((filter) => filter.kind === "tag" && filter.key === "environment")).toHaveLength(1);
      expect(scope).toEqual({ applied: null, overridden: "staging" });
    }
  });

  it("leaves the query alone when nothing is picked", () => {
    const query = parsed("is:unresolved");
    expect(scopeQueryToEnvironment(query, null)).toEqual({ query, scope: { applied: null, overridden: null } });
  });
});
