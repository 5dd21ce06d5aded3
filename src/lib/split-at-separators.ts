/** A run of separators between two characters of a word: not a leading `-` of a flag, nor one before a space. */
const separatorRun = /(?<=[^\s/.@_\-:])[/.@_\-:]+(?=[^\s/.@_\-:])/g;

/**
 * An identifier cut after each run of separators: `checkout-api@1.0.0` → `checkout-`, `api@`, `1.`, `0.`, `0`.
 * Rendered with a `<wbr>` between the pieces (IdentifierText), a line breaks only there, never inside a word,
 * a number or a function name; a run like `://` stays whole, and a flag's leading `-` stays on its word.
 */
export function splitAtSeparators(identifier: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const match of identifier.matchAll(separatorRun)) {
    const end = match.index + match[0].length;
    pieces.push(identifier.slice(start, end));
    start = end;
  }
  pieces.push(identifier.slice(start));
  return pieces.filter((piece) => piece !== "");
}
