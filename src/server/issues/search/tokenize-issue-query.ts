import type { IssueQueryError } from "./issue-query";

/**
 * The first pass of the issue search language: splits the text into free-text words, quoted phrases and
 * `key:value` filters (optionally negated with `!`, value optionally quoted). Hand-written because the
 * grammar is tiny and errors must point at a position in the text the user typed.
 */

export type QueryToken =
  | { kind: "text"; value: string; start: number; end: number }
  | { kind: "filter"; key: string; value: string; negated: boolean; start: number; end: number; valueStart: number };

export type TokenizeResult = { ok: true; tokens: QueryToken[] } | { ok: false; error: IssueQueryError };

/** Tag keys as Sentry allows them (letters, digits, `_`, `.`, `-`); anything else before a colon is text. */
const keyPattern = /^[A-Za-z0-9_.-]+$/;
const isSpace = (character: string | undefined) => character !== undefined && /\s/.test(character);

export function tokenizeIssueQuery(input: string): TokenizeResult {
  const tokens: QueryToken[] = [];
  let index = 0;
  while (index < input.length) {
    if (isSpace(input[index])) {
      index += 1;
      continue;
    }
    const start = index;
    if (input[index] === '"') {
      const phrase = readQuoted(input, index);
      if (!phrase.ok) return phrase;
      tokens.push({ kind: "text", value: phrase.value, start, end: phrase.end });
      index = phrase.end;
      continue;
    }
    const negated = input[index] === "!";
    const keyStart = negated ? index + 1 : index;
    let keyEnd = keyStart;
    while (keyEnd < input.length && !isSpace(input[keyEnd]) && input[keyEnd] !== ":" && input[keyEnd] !== '"') keyEnd += 1;
    const key = input.slice(keyStart, keyEnd);
    if (input[keyEnd] === ":" && keyPattern.test(key)) {
      const valueStart = keyEnd + 1;
      const value = input[valueStart] === '"' ? readQuoted(input, valueStart) : { ok: true as const, value: input.slice(valueStart, wordEnd(input, valueStart)), end: wordEnd(input, valueStart) };
      if (!value.ok) return value;
      tokens.push({ kind: "filter", key, value: value.value, negated, start, end: value.end, valueStart });
      index = value.end;
      continue;
    }
    const end = wordEnd(input, index);
    if (negated) {
      return failure(`“!” negates a filter, as in !level:error. To search for text that starts with “!”, put it in quotes.`, start, end - start);
    }
    tokens.push({ kind: "text", value: input.slice(index, end), start, end });
    index = end;
  }
  return { ok: true, tokens };
}

function wordEnd(input: string, from: number): number {
  let end = from;
  while (end < input.length && !isSpace(input[end])) end += 1;
  return end;
}

/** A double-quoted string starting at `start`; `\"` and `\\` escape. It must end the token. */
function readQuoted(input: string, start: number): { ok: true; value: string; end: number } | { ok: false; error: IssueQueryError } {
  let value = "";
  for (let index = start + 1; index < input.length; index += 1) {
    const character = input[index]!;
    if (character === "\\" && (input[index + 1] === '"' || input[index + 1] === "\\")) {
      value += input[index + 1];
      index += 1;
    } else if (character === '"') {
      const end = index + 1;
      if (end < input.length && !isSpace(input[end])) return failure("Put a space after the closing quote.", end, 1);
      return { ok: true, value, end };
    } else {
      value += character;
    }
  }
  return failure("This quote is never closed: add a closing “\"”.", start, input.length - start);
}

function failure(message: string, position: number, length: number): { ok: false; error: IssueQueryError } {
  return { ok: false, error: { message, position, length: Math.max(1, length) } };
}
