import type { JsonObject } from "@/lib/json-values";
import { applyFingerprint } from "./apply-fingerprint";
import { builtInStacktraceRules } from "./built-in-stacktrace-rules";
import { chooseFingerprint } from "./choose-fingerprint";
import { hashValues } from "./grouping-component";
import type { GroupingResult, GroupingVariant } from "@/lib/grouping-result";
import type { FingerprintRule } from "./parse-fingerprint-rules";
import type { StacktraceRule } from "./parse-stacktrace-rules";
import { prepareStacktraces } from "./prepare-stacktraces";
import { selectStrategy } from "./select-strategy";

/** The PROJECT's rules; Sentry's built-in rules are added here (stack rules before, fingerprint rules after). */
export interface GroupingConfig {
  stacktraceRules: StacktraceRule[];
  fingerprintRules: FingerprintRule[];
}

export const emptyGroupingConfig: GroupingConfig = { stacktraceRules: [], fingerprintRules: [] };

const variantOrder = ["app", "system", "default", "custom-fingerprint", "built-in-fingerprint", "checksum", "fallback"];
const rank = (key: string): number => (variantOrder.includes(key) ? variantOrder.indexOf(key) : variantOrder.length);
/** Sentry's `HASH_RE`: a checksum that already is an md5 hex digest is used as it is. */
const md5Hex = /^[0-9a-f]{32}$/;

/** Built-in stack rules first so that the project's rules, applied later, win; cached per project rule list. */
const combinedRules = new WeakMap<StacktraceRule[], StacktraceRule[]>();
function stacktraceRulesOf(config: GroupingConfig): StacktraceRule[] {
  let rules = combinedRules.get(config.stacktraceRules);
  if (!rules) combinedRules.set(config.stacktraceRules, (rules = [...builtInStacktraceRules, ...config.stacktraceRules]));
  return rules;
}

function checksumVariant(checksum: string): GroupingVariant {
  const hash = md5Hex.test(checksum) ? checksum : hashValues([checksum]);
  return { key: "checksum", type: "checksum", hash, description: "legacy checksum", hint: "the event's checksum field takes precedence over all grouping", component: null };
}

/**
 * Sentry's grouping (config `newstyle:2023-01-11`, sentry-protocol §5) of a normalized event: stack-trace
 * rules and the in-app write-back (§5.1 step 1), fingerprint (step 2), strategy variants (step 3), hashes
 * (steps 4–6), the legacy `checksum`, and the `fallback` variant when nothing contributes. Mutates only
 * frames' `in_app` (and `data.orig_in_app`), like Sentry's normalization for grouping.
 */
export function computeGrouping(event: JsonObject, config: GroupingConfig): GroupingResult {
  const platform = typeof event.platform === "string" && event.platform ? event.platform : "other";
  const stacktraces = prepareStacktraces(event, stacktraceRulesOf(config));
  let variants: GroupingVariant[];
  let title: string | null = null;
  if (typeof event.checksum === "string" && event.checksum !== "") {
    variants = [checksumVariant(event.checksum)];
  } else {
    const choice = chooseFingerprint(event, config.fingerprintRules);
    title = choice.title;
    variants = applyFingerprint(selectStrategy(event, { platform, stacktraces }), choice);
  }
  if (variants.every((variant) => variant.hash === null)) {
    variants.push({ key: "fallback", type: "fallback", hash: hashValues([]), description: "fallback grouping", hint: "nothing else contributes", component: null });
  }
  variants.sort((a, b) => rank(a.key) - rank(b.key));
  const hashes = [...new Set(variants.flatMap((variant) => (variant.hash === null ? [] : [variant.hash])))];
  return { variants, hashes, title };
}
