import { isRecord, type JsonObject } from "@/lib/json-values";
import { removeNonStacktraceVariants } from "./chained-exception-component";
import { buildStacktraceVariants, type StackContext, type VariantComponents } from "./exception-component";
import { component, mark } from "./grouping-component";

function hasFrames(thread: JsonObject): boolean {
  return isRecord(thread.stacktrace) && Array.isArray(thread.stacktrace.frames) && thread.stacktrace.frames.length > 0;
}

const onlyApp = (hint: string): VariantComponents => {
  const node = component("threads");
  mark(node, false, hint);
  return new Map([["app", node]]);
};

/**
 * §5.7 threads:v1 (score 1900), for events without a usable exception: the one crashed thread, else the one
 * current thread, else the only thread — each only when exactly one thread qualifies. Its stack trace gives
 * `threads → [stacktrace]` per variant. Returns null when the event has no threads.
 */
export function buildThreadsVariants(event: JsonObject, context: StackContext): VariantComponents | null {
  if (!isRecord(event.threads) || !Array.isArray(event.threads.values)) return null;
  const threads = event.threads.values.filter(isRecord);
  if (threads.length === 0) return null;
  const candidates = [threads.filter((t) => t.crashed === true), threads.filter((t) => t.current === true), threads];
  const chosen = candidates.find((list) => list.length === 1)?.[0];
  if (!chosen) {
    return onlyApp(`ignored because does not contain exactly one crashing, one current or just one thread, instead contains ${threads.length} threads`);
  }
  const stacks = hasFrames(chosen) ? buildStacktraceVariants(chosen.stacktrace, context) : null;
  if (!stacks) return onlyApp("thread has no stacktrace");
  const variants: VariantComponents = new Map();
  for (const [name, stacktrace] of stacks) variants.set(name, component("threads", [stacktrace]));
  return removeNonStacktraceVariants(variants);
}
