import { createHash } from "node:crypto";
import { componentContributes, type GroupingComponent } from "@/lib/grouping-tree";

/** Names of the components that make a variant's description, e.g. "in-app exception stack trace". */
const majorNames: Record<string, string> = {
  app: "in-app",
  system: "system",
  exception: "exception",
  "chained-exception": "exception",
  stacktrace: "stack trace",
  threads: "thread",
  message: "message",
  csp: "CSP",
  hpkp: "HPKP",
  "expect-ct": "Expect-CT",
  "expect-staple": "Expect-Staple",
  template: "template",
};

/** A node; with no `values` it is empty and so never contributes. */
export function component(id: string, values: (string | GroupingComponent)[] = [], hint: string | null = null): GroupingComponent {
  const node: GroupingComponent = { id, values, contributes: true, hint };
  const name = majorNames[id];
  if (name) node.name = name;
  return node;
}

/** A leaf with one value, or an empty leaf when the value is missing or empty. */
export function leaf(id: string, value: string | null | undefined, hint: string | null = null): GroupingComponent {
  return component(id, value ? [value] : [], hint);
}

/** Marks a node as (not) contributing; the hint is only replaced when one is given. */
export function mark(node: GroupingComponent, contributes: boolean, hint?: string | null): void {
  node.contributes = contributes;
  if (hint !== undefined) node.hint = hint;
}

/**
 * §5.1 step 4: a node contributes when its flag is set and it has a string value or a contributing child.
 * An inner node whose children were all switched off therefore stops contributing too. The rule lives in
 * src/lib so that the issue page's client components apply the same one.
 */
export const contributes = componentContributes;

/** The contributing leaf values in tree order, the input of the variant hash. */
export function contributingValues(node: GroupingComponent, into: string[] = []): string[] {
  if (!contributes(node)) return into;
  for (const value of node.values) {
    if (typeof value === "string") into.push(value);
    else contributingValues(value, into);
  }
  return into;
}

/** §5.1 step 4 (`hash_from_values`): md5 hex of the UTF-8 values concatenated without separators. */
export function hashValues(values: string[]): string {
  // One update: each call crosses into C++, and a variant has a few dozen short values.
  return createHash("md5").update(values.join(""), "utf8").digest("hex");
}

/** The hash of a node's contributing values, or null when it does not contribute. */
export function hashComponent(node: GroupingComponent): string | null {
  return contributes(node) ? hashValues(contributingValues(node)) : null;
}

/** Finds contributing descendants with the given id (e.g. "stacktrace" for §5.2 `remove_non_stacktrace_variants`). */
export function hasContributingDescendant(node: GroupingComponent, id: string): boolean {
  for (const value of node.values) {
    if (typeof value === "string") continue;
    if ((value.id === id && contributes(value)) || hasContributingDescendant(value, id)) return true;
  }
  return false;
}

/**
 * A variant's human description: the longest chain of named, contributing components from the root, e.g.
 * app → exception → stacktrace gives "in-app exception stack trace"; falls back to the root's name.
 */
export function describeComponent(root: GroupingComponent): string {
  let best: string[] = [];
  const walk = (node: GroupingComponent, path: string[]): void => {
    const here = node.name && path[path.length - 1] !== node.name ? [...path, node.name] : path;
    if (here.length > best.length) best = here;
    for (const value of node.values) if (typeof value !== "string" && contributes(value)) walk(value, here);
  };
  walk(root, []);
  return best.length > 0 ? best.join(" ") : root.id;
}
