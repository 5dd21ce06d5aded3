import type { GroupingComponent } from "@/lib/grouping-tree";

/**
 * What grouping computes for an event (sentry-protocol §5.1): the grouping engine in src/server/grouping
 * builds it, the issue page's "why grouped this way" view shows it.
 */
export interface GroupingVariant {
  key: string;
  type: "component" | "salted-component" | "custom-fingerprint" | "built-in-fingerprint" | "fallback" | "checksum";
  hash: string | null;
  /** Human text for the "why grouped this way" view, e.g. "in-app exception stack trace". */
  description: string;
  /** Why it does or does not contribute. */
  hint: string | null;
  component: GroupingComponent | null;
  /** Resolved fingerprint values for fingerprint and salted variants. */
  fingerprint?: string[];
  /** The fingerprint rule's text when a server-side rule applied. */
  matchedRule?: string;
}

export interface GroupingResult {
  variants: GroupingVariant[];
  /** Non-null variant hashes, app first, then system, then the others, without duplicates (§5.1 step 6). */
  hashes: string[];
  /** From a fingerprint rule's `title="…"`. */
  title: string | null;
}
