import { searchFilter } from "./search-filter";

/**
 * The part of the search bar's text that autocomplete is about: the term under the cursor. Shared by the
 * server (what to suggest) and the search bar (what a chosen suggestion replaces), so both cut the text
 * the same way. Terms are split on whitespace outside double quotes, as the tokenizer does.
 */
export type SearchTermAtCursor =
  /** Typing a key (or a free-text word): `prefix` is what is typed of it so far. */
  | { kind: "key"; start: number; end: number; negated: boolean; prefix: string }
  /** Typing the value of `key`: `prefix` is the value typed so far, unquoted. */
  | { kind: "value"; start: number; end: number; negated: boolean; key: string; prefix: string }
  /** Inside a quoted phrase: nothing to suggest. */
  | { kind: "none"; start: number; end: number };

const keyPattern = /^[A-Za-z0-9_.-]+$/;
const isSpace = (character: string | undefined) => character !== undefined && /\s/.test(character);

export function searchTermAtCursor(text: string, cursor: number): SearchTermAtCursor {
  const at = Math.max(0, Math.min(cursor, text.length));
  let index = 0;
  while (index < text.length) {
    if (isSpace(text[index])) {
      index += 1;
      continue;
    }
    const start = index;
    let inQuote = false;
    while (index < text.length && (inQuote || !isSpace(text[index]))) {
      if (inQuote && text[index] === "\\") index += 1;
      else if (text[index] === '"') inQuote = !inQuote;
      index += 1;
    }
    const end = Math.min(index, text.length);
    if (at < start) break;
    if (at <= end) return termOf(text.slice(start, at), start, end);
  }
  return { kind: "key", start: at, end: at, negated: false, prefix: "" };
}

function termOf(typed: string, start: number, end: number): SearchTermAtCursor {
  const negated = typed.startsWith("!");
  const body = negated ? typed.slice(1) : typed;
  if (body.startsWith('"')) return { kind: "none", start, end };
  const colon = body.indexOf(":");
  if (colon === -1) return { kind: "key", start, end, negated, prefix: body };
  const key = body.slice(0, colon);
  if (!keyPattern.test(key)) return { kind: "none", start, end };
  let value = body.slice(colon + 1);
  if (value.startsWith('"')) value = value.slice(1).replace(/\\(["\\])/g, "$1").replace(/"$/, "");
  return { kind: "value", start, end, negated, key, prefix: value };
}

/** What a chosen suggestion puts in place of the term: a key (`browser.name:`) or a whole filter and a space. */
export type SearchCompletion = { kind: "key"; key: string } | { kind: "value"; key: string; value: string };

/** The text with the term replaced by the completion, and where the cursor goes (right after it). */
export function applySearchCompletion(text: string, term: SearchTermAtCursor, completion: SearchCompletion): { text: string; cursor: number } {
  const negation = term.kind !== "none" && term.negated ? "!" : "";
  const before = text.slice(0, term.start);
  const after = text.slice(term.end);
  if (completion.kind === "key") {
    const inserted = `${negation}${completion.key}:`;
    return { text: before + inserted + after, cursor: before.length + inserted.length };
  }
  const filter = `${negation}${searchFilter(completion.key, completion.value)}`;
  // The next term starts after one space; an existing one is reused, so accepting never doubles spaces.
  const inserted = isSpace(after[0]) ? filter : `${filter} `;
  return { text: before + inserted + after, cursor: before.length + inserted.length + (isSpace(after[0]) ? 1 : 0) };
}

/**
 * The text the search box starts with: the query and one space after its last term, so that what a person
 * types at its end starts a term of its own (`is:unresolved level:error`, never `is:unresolvedlevel:error`).
 * The server trims the query, so the space changes no search.
 */
export function editableSearchText(query: string): string {
  return query === "" || isSpace(query.at(-1)) ? query : `${query} `;
}
