/**
 * One `key:value` filter of the issue search language, the value quoted (with `\"` and `\\` escaped) when
 * the tokenizer would otherwise split or misread it: spaces, quotes, a backslash, or nothing at all.
 */
export function searchFilter(key: string, value: string): string {
  if (value !== "" && !/[\s"\\]/.test(value)) return `${key}:${value}`;
  return `${key}:"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}
