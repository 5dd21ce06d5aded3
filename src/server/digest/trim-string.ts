/**
 * Relay's `MaxChars` limits (sentry-protocol §4.2): a string longer than `max + allowance` is cut to
 * `max` characters ending in "...". Lengths are UTF-16 units here, close enough to Relay's characters.
 */
export interface CharLimit {
  max: number;
  allowance: number;
}

export const charLimits = {
  hash: { max: 128, allowance: 0 },
  enumLike: { max: 128, allowance: 0 },
  summary: { max: 1024, allowance: 100 },
  message: { max: 8192, allowance: 200 },
  symbol: { max: 256, allowance: 20 },
  path: { max: 256, allowance: 40 },
  shortPath: { max: 128, allowance: 20 },
  logger: { max: 64, allowance: 0 },
  email: { max: 75, allowance: 0 },
  culprit: { max: 200, allowance: 0 },
  transaction: { max: 200, allowance: 0 },
  title: { max: 1024, allowance: 0 },
} satisfies Record<string, CharLimit>;

export function trimString(value: string, limit: CharLimit): string {
  if (value.length <= limit.max + limit.allowance) return value;
  return `${cutAt(value, limit.max - 3)}...`;
}

/** The first `length` units, without leaving half of a surrogate pair at the end. */
export function cutAt(value: string, length: number): string {
  if (length <= 0) return "";
  const last = value.charCodeAt(length - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}
