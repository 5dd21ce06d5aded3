/** What the issue page needs of one grouping variant (structurally the grouping's own variant type). */
export interface VariantSummary {
  key: string;
  hash: string | null;
  description: string;
  hint: string | null;
  fingerprint?: string[];
}

/**
 * Whether the event's fingerprint is what grouped it, in words: the variant it joined its issue by (its
 * stored hash), recomputed with the project's current rules. A fingerprint variant (custom, or a default
 * one salted with the fingerprint) says so with its description and why; anything else says which
 * grouping won instead.
 */
export function describeFingerprintUse(variants: readonly VariantSummary[], eventHash: string | null): string {
  const joined = eventHash === null ? undefined : variants.find((variant) => variant.hash === eventHash);
  if (!joined) return "The project's current grouping rules no longer give the hash this event was grouped by.";
  const why = joined.hint ? `${joined.description}: ${joined.hint}` : joined.description;
  if (joined.fingerprint) return `Grouped by this fingerprint (${why}).`;
  return `Grouped without it, by the ${why}.`;
}
