/** The longest text the header's box passes on: the issue search reads at most this much (its box's maxLength). */
export const headerSearchMaxLength = 500;

/**
 * What a Next.js error page shows after "Digest:": the decimal string hash Next gives a server error.
 * Digits alone are never a useful issue search, so they go to the digest lookup.
 */
const digestPattern = /^\d{1,20}$/;

/** A project slug as slugify makes them (lower-case words and dashes); anything else searches everywhere. */
const projectSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Where the header's one search box sends what was typed: a digest to the digest lookup (one matching event
 * opens at once), anything else — words, `key:value` filters — to the issue search: of the project the
 * person is in when there is one (its results page links on to every project), else of every project.
 */
export function headerSearchDestination(input: string, projectSlug?: string | null): string {
  const text = input.trim().slice(0, headerSearchMaxLength);
  const base = projectSlug && projectSlugPattern.test(projectSlug) && projectSlug.length <= 100 ? `/projects/${projectSlug}/issues` : "/issues";
  if (text === "") return base;
  if (digestPattern.test(text)) return `/digest?${new URLSearchParams({ value: text }).toString()}`;
  return `${base}?${new URLSearchParams({ query: text }).toString()}`;
}

/** The project a dashboard path is about (`/projects/shop/issues/7` → `shop`); null elsewhere and on `/projects/new`. */
export function projectSlugOfPath(pathname: string): string | null {
  const slug = /^\/projects\/([^/?#]+)/.exec(pathname)?.[1];
  return slug && slug !== "new" && projectSlugPattern.test(slug) ? slug : null;
}
