import { isRecord, type JsonObject } from "@/lib/json-values";
import { buildExceptionComponents, type StackContext, type VariantComponents } from "./exception-component";
import { filterExceptionGroups } from "./filter-exception-groups";
import { component, hasContributingDescendant, mark } from "./grouping-component";
import type { GroupingComponent } from "@/lib/grouping-tree";

/**
 * §5.2 `remove_non_stacktrace_variants`: once any variant has a contributing stack trace, the variants without
 * one stop contributing — an error whose frames are all system frames groups by `system` only, instead of
 * its `app` variant falling back to type and value.
 */
export function removeNonStacktraceVariants(variants: VariantComponents): VariantComponents {
  const withStack = [...variants].filter(([, node]) => hasContributingDescendant(node, "stacktrace")).map(([name]) => name);
  if (withStack.length === 0) return variants;
  const suffix = withStack.length === 1 ? `but the ${withStack[0]} variant does` : "but others do";
  for (const [name, node] of variants) {
    if (!withStack.includes(name)) mark(node, false, `ignored because this variant does not have a contributing stacktrace, ${suffix}`);
  }
  return variants;
}

/**
 * A structural key of an exception's components, all variants, contributing or not: Sentry compares exception
 * components by their full text (§5.2.1), so exceptions are "the same" only when their trees are identical.
 */
function structuralKey(variants: VariantComponents): string {
  const encode = (node: GroupingComponent): unknown[] => [node.id, node.contributes, node.hint, node.values.map((v) => (typeof v === "string" ? v : encode(v)))];
  return JSON.stringify([...variants].map(([name, node]) => [name, encode(node)]));
}

/**
 * §5.2 chained-exception:v1 (score 2000), also used for a single exception: after the exception-group
 * filter (§5.2.1) one exception is used directly, several become a `chained-exception` per variant with the
 * exceptions in `values[]` order (oldest first). Returns null when the event has no exception.
 */
export function buildChainedExceptionVariants(event: JsonObject, context: StackContext): VariantComponents | null {
  const all = isRecord(event.exception) && Array.isArray(event.exception.values) ? event.exception.values.filter(isRecord) : [];
  if (all.length === 0) return null;
  const componentsOf = new Map(all.map((exception) => [exception, buildExceptionComponents(exception, context)] as const));
  const keys = new Map<JsonObject, string>();
  const keyOf = (exception: JsonObject): string => {
    let key = keys.get(exception);
    if (key === undefined) keys.set(exception, (key = structuralKey(componentsOf.get(exception)!)));
    return key;
  };
  const exceptions = filterExceptionGroups(all, keyOf);
  if (exceptions.length === 1) return removeNonStacktraceVariants(componentsOf.get(exceptions[0]!)!);

  const byVariant = new Map<string, GroupingComponent[]>();
  for (const exception of exceptions) {
    for (const [name, node] of componentsOf.get(exception)!) {
      const list = byVariant.get(name) ?? [];
      list.push(node);
      byVariant.set(name, list);
    }
  }
  const variants: VariantComponents = new Map();
  for (const [name, nodes] of byVariant) variants.set(name, component("chained-exception", nodes));
  return removeNonStacktraceVariants(variants);
}
