/**
 * One node of a grouping component tree (sentry-protocol §5.1 step 4, §5.10). Leaves hold strings (the
 * values that are hashed); inner nodes hold child components. `contributes` is the node's own flag; whether
 * it really contributes also depends on its children, see `componentContributes`.
 */
export interface GroupingComponent {
  /** What the node stands for: "frame", "function", "exception", "app", … */
  id: string;
  /** Human name used in descriptions ("in-app", "stack trace"); absent for minor nodes. */
  name?: string;
  values: (string | GroupingComponent)[];
  contributes: boolean;
  /** Why the node does (or does not) contribute, shown in the "why grouped this way" view. */
  hint: string | null;
}

/**
 * Whether a grouping component really contributes to its variant's hash: its own flag is set and it has a
 * value or a contributing child (sentry-protocol §5.1 step 4). The one definition, for the grouping engine
 * (src/server/grouping/grouping-component.ts) and the issue page's client components alike.
 */
export function componentContributes(node: GroupingComponent): boolean {
  if (!node.contributes) return false;
  return node.values.some((value) => typeof value === "string" || componentContributes(value));
}
