/** The longest text the header's box passes on: the issue search reads at most this much (its box's maxLength). */
export const headerSearchMaxLength = 500;

/**
 * What a Next.js error page shows after "Digest:": the decimal string hash Next gives a server error.
 * Digits alone are never a useful issue search, so they go to the digest lookup.
 */
const digestPattern = /^\d{1,20}$/;

/**
 * Where the header's one search box sends what was typed: a digest to the digest lookup (one matching event
 * opens at once), anything else — words, `key:value` filters — to the issue search of every project.
 */
export function headerSearchDestination(input: string): string {
  const text = input.trim().slice(0, headerSearchMaxLength);
  if (text === "") return "/issues";
  if (digestPattern.test(text)) return `/digest?${new URLSearchParams({ value: text }).toString()}`;
  return `/issues?${new URLSearchParams({ query: text }).toString()}`;
}
