import type { GroupingComponent } from "@/server/grouping/grouping-component";

/**
 * Whether a grouping component really contributes to its variant's hash: its own flag is set and it has a
 * value or a contributing child (the rule of `contributes()` in src/server/grouping/grouping-component.ts,
 * repeated here because that module hashes with node:crypto and stays on the server).
 */
export function componentContributes(node: GroupingComponent): boolean {
  if (!node.contributes) return false;
  return node.values.some((value) => typeof value === "string" || componentContributes(value));
}
