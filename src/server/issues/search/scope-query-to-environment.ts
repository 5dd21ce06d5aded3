import { environmentScope, type EnvironmentScope } from "@/lib/environment-filter";
import type { IssueQuery } from "./issue-query";

/**
 * The issue list under the header's environment filter: as if `environment:<picked>` were typed into the
 * query. A query that names `environment:` itself (negated too) keeps its own, and the scope says the pick
 * was overridden, so the page can tell.
 */
export function scopeQueryToEnvironment(query: IssueQuery, picked: string | null | undefined): { query: IssueQuery; scope: EnvironmentScope } {
  const namesEnvironment = query.filters.some((filter) => filter.kind === "tag" && filter.key === "environment");
  const scope = environmentScope(picked, namesEnvironment);
  if (!scope.applied) return { query, scope };
  return { query: { ...query, filters: [...query.filters, { kind: "tag", key: "environment", value: scope.applied, negated: false }] }, scope };
}
