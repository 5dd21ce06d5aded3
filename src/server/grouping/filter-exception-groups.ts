import { isRecord, type JsonObject } from "@/lib/json-values";

interface TreeNode {
  exception?: JsonObject;
  children: JsonObject[];
}

const mechanismOf = (exception: JsonObject): JsonObject => (isRecord(exception.mechanism) ? exception.mechanism : {});
const idOf = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) ? value : null);

/**
 * §5.2.1 exception groups (Sentry RFC 0079), behaviour checked against Sentry's 2023 snapshots: the tree is
 * rebuilt from `mechanism.exception_id` / `parent_id` (newest first, so the root `exception_id: 0` comes
 * first); its "top-level" exceptions are the first non-group exceptions below the root, sorted by type
 * (descending, stable) and de-duplicated by `sameKey` (neighbours only). One distinct top-level exception →
 * that exception and the chain of first children below it; several → those exceptions and then the root
 * group. Without ids (or without a root) the list is grouped as sent. Cycles are cut instead of looping.
 */
export function filterExceptionGroups(exceptions: JsonObject[], keyOf: (exception: JsonObject) => string): JsonObject[] {
  if (exceptions.length <= 1) return exceptions;
  const nodes = new Map<number, TreeNode>();
  const nodeOf = (id: number): TreeNode => {
    let node = nodes.get(id);
    if (!node) nodes.set(id, (node = { children: [] }));
    return node;
  };
  for (let index = exceptions.length - 1; index >= 0; index--) {
    const exception = exceptions[index]!;
    const mechanism = mechanismOf(exception);
    const id = idOf(mechanism.exception_id);
    if (id === null) return exceptions;
    nodeOf(id).exception = exception;
    const parentId = idOf(mechanism.parent_id);
    if (parentId !== null) nodeOf(parentId).children.push(exception);
  }
  const root = nodes.get(0)?.exception;
  if (!root) return exceptions;
  const childrenOf = (exception: JsonObject): JsonObject[] => {
    const id = idOf(mechanismOf(exception).exception_id);
    return id === null ? [] : (nodes.get(id)?.children ?? []);
  };

  const topLevel: JsonObject[] = [];
  const visited = new Set<JsonObject>();
  const collect = (exception: JsonObject): void => {
    if (visited.has(exception)) return;
    visited.add(exception);
    if (mechanismOf(exception).is_exception_group === true) childrenOf(exception).forEach(collect);
    else topLevel.push(exception);
  };
  collect(root);

  const typeOf = (exception: JsonObject): string => (typeof exception.type === "string" ? exception.type : "None");
  topLevel.sort((a, b) => (typeOf(a) < typeOf(b) ? 1 : typeOf(a) > typeOf(b) ? -1 : 0));
  const distinct: JsonObject[] = [];
  let lastKey: string | null = null;
  for (const exception of topLevel) {
    const key = keyOf(exception);
    if (key !== lastKey) distinct.push(exception);
    lastKey = key;
  }

  if (distinct.length !== 1) return [...distinct, root];
  const path: JsonObject[] = [];
  for (let current: JsonObject | undefined = distinct[0]; current && !path.includes(current); current = childrenOf(current)[0]) {
    path.push(current);
  }
  return path;
}
