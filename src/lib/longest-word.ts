import { splitAtSeparators } from "./split-at-separators";

/**
 * The longest run a line cannot break: words split at whitespace and after identifier separators
 * (`/ . @ _ - :`). A 32-digit trace id inside a release is 32 however the release is cut.
 */
export function longestUnbreakableRun(value: string): number {
  return Math.max(0, ...splitAtSeparators(value).flatMap((piece) => piece.split(/\s+/)).map((word) => word.length));
}
