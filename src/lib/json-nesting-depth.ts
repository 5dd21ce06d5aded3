const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const quote = 0x22;
const backslash = 0x5c;

/**
 * The deepest nesting of objects and arrays in JSON text (UTF-8), read without parsing: `{}` is 1,
 * `{"a":[1]}` 2. Brackets inside strings do not count. On text that is not JSON the figure is an upper
 * bound of what a parser would build, which is all its callers need: a byte scan costs a small fraction of
 * walking the parsed value, so a walk that only cuts deep values can be skipped for shallow text.
 */
export function jsonNestingDepth(text: Uint8Array): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const byte = text[index]!;
    if (inString) {
      if (byte === backslash) index++;
      else if (byte === quote) inString = false;
    } else if (byte === quote) inString = true;
    else if (byte === openBrace || byte === openBracket) {
      if (++depth > deepest) deepest = depth;
    } else if (byte === closeBrace || byte === closeBracket) depth--;
  }
  return deepest;
}
