/**
 * The header's environment filter as the pages apply it. Pure: the pages read the picked environment from
 * the viewer and the query from the URL, and the lists show which one won.
 */

/** As long as digest keeps an environment name (normalize-event): a longer one can match nothing. */
export const maxEnvironmentNameChars = 64;

/** A name the picker may store: what digest would keep as an event's environment, nothing else. */
export function isEnvironmentName(name: string): boolean {
  return name.length > 0 && name.length <= maxEnvironmentNameChars && name.trim() === name && !/[\u0000-\u001f\u007f]/.test(name);
}

/**
 * Which environment a page shows: the one its own query names wins over the header's pick (so a link with
 * `environment:staging` shows staging whatever one picked), and the page says so.
 */
export interface EnvironmentScope {
  /** The picked environment applied to the page; null when none is picked or the query overrides it. */
  applied: string | null;
  /** The header's pick, when the query's own `environment:` overrides it. */
  overridden: string | null;
}

export function environmentScope(picked: string | null | undefined, queryNamesEnvironment: boolean): EnvironmentScope {
  if (!picked) return { applied: null, overridden: null };
  return queryNamesEnvironment ? { applied: null, overridden: picked } : { applied: picked, overridden: null };
}
