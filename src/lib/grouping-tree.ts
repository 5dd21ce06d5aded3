import type { GroupingComponent } from "@/server/grouping/grouping-component";

/**
 * Whether a grouping component really contributes to its variant's hash: its own flag is set and it has a
 * value or a contributing child (sentry-protocol §5.1 step 4). The one definition, for the grouping engine
 * (src/server/grouping/grouping-component.ts) and the issue page's client components alike.
 */
export function componentContributes(node: GroupingComponent): boolean {
  if (!node.contributes) return false;
  return node.values.some((value) => typeof value === "string" || componentContributes(value));
}
