import type { JsonObject } from "@/lib/json-values";
import { buildChainedExceptionVariants, removeNonStacktraceVariants } from "./chained-exception-component";
import { buildSecurityReportVariants } from "./csp-component";
import { buildStacktraceVariants, type StackContext, type VariantComponents } from "./exception-component";
import { component, contributes, mark } from "./grouping-component";
import type { GroupingComponent } from "@/lib/grouping-tree";
import { buildMessageVariants } from "./message-component";
import { buildTemplateVariants } from "./template-component";
import { buildThreadsVariants } from "./threads-component";

interface StrategyOutput {
  strategy: string;
  variants: VariantComponents;
}

/** §5.1 step 3: every strategy whose interface the event has, highest score first. */
function runStrategies(event: JsonObject, context: StackContext): StrategyOutput[] {
  const outputs: StrategyOutput[] = [];
  const add = (strategy: string, variants: VariantComponents | null): void => {
    if (variants) outputs.push({ strategy, variants });
  };
  add("exception", buildChainedExceptionVariants(event, context)); // chained-exception:v1, 2000
  add("threads", buildThreadsVariants(event, context)); // threads:v1, 1900
  const stacktrace = buildStacktraceVariants(event.stacktrace, context); // stacktrace:v1, 1800
  add("stacktrace", stacktrace && removeNonStacktraceVariants(stacktrace));
  add("template", buildTemplateVariants(event));
  const report = buildSecurityReportVariants(event);
  if (report) add(report.strategy, report.variants);
  add("message", buildMessageVariants(event)); // message:v1, 0
  return outputs;
}

/**
 * §5.1 step 3: the first strategy (by score) that contributes anything wins; contributing components of later
 * strategies are switched off with the hint "<strategy> of <variants> take(s) precedence". Each variant name
 * ("app", "system", "default") becomes one root component holding that variant's component from every
 * strategy, so a message next to an exception shows up as a non-contributing `default` variant.
 */
export function selectStrategy(event: JsonObject, context: StackContext): Map<string, GroupingComponent> {
  let winner: string | null = null;
  let precedenceHint: string | null = null;
  const byVariant = new Map<string, GroupingComponent[]>();
  for (const { strategy, variants } of runStrategies(event, context)) {
    for (const [name, node] of variants) {
      const list = byVariant.get(name) ?? [];
      list.push(node);
      byVariant.set(name, list);
      if (winner === null) {
        if (!contributes(node)) continue;
        winner = strategy;
        const names = [...variants].filter(([, n]) => contributes(n)).map(([variant]) => variant).sort();
        precedenceHint = `${strategy} of ${names.join("/")} take${strategy.endsWith("s") ? "" : "s"} precedence`;
      } else if (strategy !== winner && contributes(node)) mark(node, false, precedenceHint);
    }
  }
  const roots = new Map<string, GroupingComponent>();
  for (const [name, nodes] of byVariant) {
    const root = component(name, nodes);
    if (!contributes(root) && precedenceHint) root.hint = precedenceHint;
    roots.set(name, root);
  }
  return roots;
}
