import { cutAt } from "./trim-string";
import { isRecord, setOwn, type JsonObject } from "@/lib/json-values";

/**
 * Relay's `BagSize` limits (sentry-protocol §4.2) for free-form data: a budget of JSON bytes and a
 * nesting depth. The walk stops once the budget is spent, so a 10 MB `extra` costs no more than its limit.
 */
export interface BagLimit {
  maxBytes: number;
  maxDepth: number;
}

export const bagLimits = {
  small: { maxBytes: 1024, maxDepth: 3 },
  medium: { maxBytes: 2048, maxDepth: 3 },
  large: { maxBytes: 8192, maxDepth: 5 },
  larger: { maxBytes: 16384, maxDepth: 7 },
  massive: { maxBytes: 262144, maxDepth: 7 },
} satisfies Record<string, BagLimit>;

const cut = Symbol("cut");

export interface TrimmedBag {
  value: unknown;
  trimmed: boolean;
}

/** The root container counts as depth 1; containers deeper than `maxDepth` are dropped. */
export function trimDatabag(value: unknown, limit: BagLimit): TrimmedBag {
  const state = { remaining: limit.maxBytes, trimmed: false };

  const walk = (node: unknown, depth: number): unknown => {
    if (state.remaining <= 0) {
      state.trimmed = true;
      return cut;
    }
    if (typeof node === "string") {
      if (node.length + 2 > state.remaining) {
        state.trimmed = true;
        const room = state.remaining - 2;
        state.remaining = 0;
        return room > 3 ? `${cutAt(node, room - 3)}...` : cut;
      }
      state.remaining -= node.length + 2;
      return node;
    }
    if (typeof node === "number" || typeof node === "boolean" || node === null) {
      state.remaining -= node === null ? 4 : String(node).length;
      return node;
    }
    if (Array.isArray(node) || isRecord(node)) {
      if (depth > limit.maxDepth) {
        state.trimmed = true;
        return cut;
      }
      state.remaining -= 2;
      if (Array.isArray(node)) {
        const items: unknown[] = [];
        for (const item of node) {
          const kept = walk(item, depth + 1);
          if (kept !== cut) items.push(kept);
          if (state.remaining <= 0) {
            if (items.length < node.length) state.trimmed = true;
            break;
          }
        }
        return items;
      }
      const object: JsonObject = {};
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue;
        state.remaining -= key.length + 3;
        if (state.remaining <= 0) {
          state.trimmed = true;
          break;
        }
        const kept = walk(node[key], depth + 1);
        if (kept !== cut) setOwn(object, key, kept);
      }
      return object;
    }
    // undefined, functions and the like are not JSON.
    state.trimmed = true;
    return cut;
  };

  const result = walk(value, 1);
  return { value: result === cut ? null : result, trimmed: state.trimmed };
}

/**
 * Cuts containers nested deeper than `maxDepth` from fields normalization otherwise keeps untouched.
 * JSON.parse accepts any depth, but JSON.stringify overflows the stack on very deep values, so an event
 * must never be stored deeper than this. Copies only the containers on the way to a cut.
 */
export function limitDepth(value: unknown, maxDepth: number, onCut: (path: string) => void): unknown {
  const path: (string | number)[] = [];
  const walk = (node: unknown, depth: number): unknown => {
    if (!Array.isArray(node) && !isRecord(node)) return node;
    if (depth > maxDepth) {
      onCut(path.join("."));
      return cut;
    }
    if (Array.isArray(node)) {
      let copy: unknown[] | null = null;
      for (let index = 0; index < node.length; index++) {
        const item = node[index];
        path.push(index);
        const kept = walk(item, depth + 1);
        path.pop();
        if (kept !== item && copy === null) copy = node.slice(0, index);
        if (copy !== null && kept !== cut) copy.push(kept);
      }
      return copy ?? node;
    }
    let copy: JsonObject | null = null;
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const item = node[key];
      path.push(key);
      const kept = walk(item, depth + 1);
      path.pop();
      if (kept !== item && copy === null) {
        copy = {};
        for (const earlier in node) {
          if (earlier === key) break;
          if (Object.hasOwn(node, earlier)) setOwn(copy, earlier, node[earlier]);
        }
      }
      if (copy !== null && kept !== cut) setOwn(copy, key, kept);
    }
    return copy ?? node;
  };
  const result = walk(value, 1);
  return result === cut ? null : result;
}
