import type { FingerprintChoice } from "./choose-fingerprint";
import type { GroupingVariant } from "@/lib/grouping-result";
import { contributes, contributingValues, describeComponent, hashComponent, hashValues, mark } from "./grouping-component";
import type { GroupingComponent } from "@/lib/grouping-tree";
import { isDefaultFingerprintEntry } from "./resolve-fingerprint";

function describeSource(choice: FingerprintChoice): string {
  if (choice.source === "client") return "fingerprint set by the SDK";
  return `fingerprint from ${choice.source === "project-rule" ? "the project's" : "a built-in"} fingerprint rule: ${choice.matchedRule}`;
}

/** §5.6 hybrid: the fingerprint with each `{{ default }}` entry replaced, in place, by the variant's values. */
function saltedHash(choice: FingerprintChoice, root: GroupingComponent): string | null {
  if (!contributes(root)) return null;
  const own = contributingValues(root);
  return hashValues(choice.values.flatMap((entry) => (isDefaultFingerprintEntry(entry) ? own : [entry])));
}

/**
 * §5.6: turns the strategy variants into the event's variants under the chosen fingerprint. Default → the
 * component variants as they are; hybrid → each becomes a salted variant; custom → they all stop
 * contributing and one `custom-fingerprint` (or `built-in-fingerprint`) variant hashes the fingerprint.
 */
export function applyFingerprint(roots: Map<string, GroupingComponent>, choice: FingerprintChoice): GroupingVariant[] {
  const rule = choice.matchedRule === null ? {} : { matchedRule: choice.matchedRule };
  const variants: GroupingVariant[] = [];
  for (const [key, root] of roots) {
    if (choice.kind === "custom") mark(root, false, "custom fingerprint takes precedence");
    if (choice.kind === "hybrid") {
      variants.push({
        key,
        type: "salted-component",
        hash: saltedHash(choice, root),
        description: `modified ${describeComponent(root)}`,
        hint: root.hint ?? describeSource(choice),
        component: root,
        fingerprint: choice.values,
        ...rule,
      });
    } else {
      variants.push({ key, type: "component", hash: hashComponent(root), description: describeComponent(root), hint: root.hint, component: root });
    }
  }
  if (choice.kind === "custom") {
    const builtIn = choice.source === "built-in-rule";
    variants.push({
      key: builtIn ? "built-in-fingerprint" : "custom-fingerprint",
      type: builtIn ? "built-in-fingerprint" : "custom-fingerprint",
      hash: hashValues(choice.values),
      description: builtIn ? "Sentry defined fingerprint" : "custom fingerprint",
      hint: describeSource(choice),
      component: null,
      fingerprint: choice.values,
      ...rule,
    });
  }
  return variants;
}
