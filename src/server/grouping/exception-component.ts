import { isRecord, type JsonObject } from "@/lib/json-values";
import { component, contributes, leaf, mark } from "./grouping-component";
import type { GroupingComponent } from "@/lib/grouping-tree";
import { normalizeMessageForGrouping } from "./normalize-message";
import type { PreparedStacktraces } from "./prepare-stacktraces";
import { buildStacktraceComponent } from "./stacktrace-component";

/** Components of one strategy, by variant name ("app", "system", "default"), in Sentry's order. */
export type VariantComponents = Map<string, GroupingComponent>;

export interface StackContext {
  platform: string;
  stacktraces: PreparedStacktraces;
}

/**
 * The app and system stack trace components of a stack trace, or null when it has no frames. Shared by
 * exceptions, threads and the top-level stack trace (§5.3).
 */
export function buildStacktraceVariants(stacktrace: unknown, context: StackContext): VariantComponents | null {
  const prepared = isRecord(stacktrace) ? context.stacktraces.get(stacktrace) : undefined;
  if (!prepared || prepared.frames.length === 0) return null;
  return new Map([
    ["app", buildStacktraceComponent(prepared, "app", context.platform)],
    ["system", buildStacktraceComponent(prepared, "system", context.platform)],
  ]);
}

/** §5.2 ns-error: `[domain, code]` from `mechanism.meta.ns_error` (Apple's NSError). */
function buildNsErrorComponent(mechanism: JsonObject | null): GroupingComponent | null {
  const meta = mechanism && isRecord(mechanism.meta) ? mechanism.meta : null;
  if (!meta || !isRecord(meta.ns_error)) return null;
  const { domain, code } = meta.ns_error;
  const values = [domain, code].filter((v) => typeof v === "string" || typeof v === "number").map(String);
  return component("ns-error", values);
}

/**
 * §5.2 single-exception:v1, 2023 ("legacy") order `[stacktrace, type, ns-error, value]`, one component per
 * variant of the exception's stack trace. Without a stack trace there is only an `app` variant (Sentry's
 * snapshots list no `system` then). The value is the normalized message (§5.5), ignored once the stack trace
 * or ns-error contributes. A synthetic exception's type (a name the SDK made up, e.g. for a thrown string) is
 * ignored in every variant; early Sentry versions kept it in `system`, Sentry since 2024 does not (§5.2).
 */
export function buildExceptionComponents(exception: JsonObject, context: StackContext): VariantComponents {
  const mechanism = isRecord(exception.mechanism) ? exception.mechanism : null;
  const type = typeof exception.type === "string" ? exception.type : null;
  const value = typeof exception.value === "string" ? exception.value : null;
  const normalizedValue = value === null ? null : normalizeMessageForGrouping(value);
  const stacks = buildStacktraceVariants(exception.stacktrace, context) ?? new Map([["app", component("stacktrace")]]);

  const result: VariantComponents = new Map();
  for (const [variant, stacktrace] of stacks) {
    const typeNode = leaf("type", type);
    if (mechanism?.synthetic === true) mark(typeNode, false, "ignored because exception is synthetic");
    const nsError = buildNsErrorComponent(mechanism);
    const valueNode = leaf("value", normalizedValue, normalizedValue !== value ? "stripped event-specific values" : null);
    if (contributes(stacktrace) && contributes(valueNode)) mark(valueNode, false, "ignored because stacktrace takes precedence");
    else if (nsError && contributes(nsError) && contributes(valueNode)) mark(valueNode, false, "ignored because ns-error info takes precedence");
    const values = nsError ? [stacktrace, typeNode, nsError, valueNode] : [stacktrace, typeNode, valueNode];
    result.set(variant, component("exception", values));
  }
  return result;
}
