import { filtered } from "./filtered";

type IsSensitiveKey = (key: string) => boolean;

/** Where a URL's parts sit in the text it came in (the text is kept as sent, not re-serialized). */
interface UrlLayout {
  path: { start: number; end: number };
  /** Where the URL ends inside its word: a quote or `>` after it is not part of a value. */
  url: { start: number; end: number };
}

const maxDecodeRounds = 3;
const encodedEquals = /%3d/i;
const percentRuns = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * The URLs, query strings, cookie strings and `name=value` log words inside any text, scrubbed: each
 * whitespace-separated word holding `=` (or a URL with a user part) goes through `scrubUrl`. Returns the
 * same instance when nothing was filtered. Linear in the text: each word is read a bounded number of times.
 */
export function scrubUrlsInText(text: string, isSensitiveKey: IsSensitiveKey): string {
  const mayHoldPassword = text.includes("@") && text.includes("://");
  let result = "";
  let copied = 0;
  let position = 0;
  let nextEquals = text.indexOf("=");
  let nextAt = mayHoldPassword ? text.indexOf("@") : -1;
  while (nextEquals !== -1 || nextAt !== -1) {
    const marker = nextEquals === -1 ? nextAt : nextAt === -1 ? nextEquals : Math.min(nextEquals, nextAt);
    let start = marker;
    while (start > position && !isSpace(text.charCodeAt(start - 1))) start--;
    let end = marker + 1;
    while (end < text.length && !isSpace(text.charCodeAt(end))) end++;
    const word = text.slice(start, end);
    // Frame paths (`webpack://app/node_modules/@scope/…`) hold `@` too: parse only a user part's `:` before `@`.
    const scrubbed = word.includes("=") || hasUserPassword(word) ? scrubUrl(word, isSensitiveKey) : word;
    if (scrubbed !== word) {
      result += text.slice(copied, start) + scrubbed;
      copied = end;
    }
    position = end;
    if (nextEquals !== -1 && nextEquals < end) nextEquals = text.indexOf("=", end);
    if (nextAt !== -1 && nextAt < end) nextAt = text.indexOf("@", end);
  }
  return copied === 0 ? text : result + text.slice(copied);
}

/**
 * One URL (absolute or relative), query string or `name=value` word with the values of its sensitive
 * parameters replaced by [Filtered], wherever they sit: the query, repeated `?`, `;` parameters, a path
 * segment, the fragment (`#access_token=…`), a URL-encoded URL inside another's value; and the password
 * of `scheme://user:password@host`. Absolute URLs are parsed with WHATWG `URL`, which tells where the
 * authority and the path end; anything else is split tolerantly on `/ ? & ; , #`. The text is kept as sent
 * (`URL` would re-encode and lower-case what it did not need to touch), and a path stays readable:
 * `color=red` in a segment is kept, only a sensitive name's value goes.
 */
export function scrubUrl(url: string, isSensitiveKey: IsSensitiveKey, depth = 0): string {
  let text = scrubUserPasswords(url);
  text = scrubParameters(text, isSensitiveKey, layoutOf(text) ?? undefined);
  // A URL sent inside another's value (`?next=%2Fcart%3Ftoken%3D…`) hides its `=`: read it decoded.
  if (depth < maxDecodeRounds && encodedEquals.test(text)) {
    const decoded = decodeLeniently(text);
    const scrubbed = scrubUrl(decoded, isSensitiveKey, depth + 1);
    if (scrubbed !== decoded) return scrubbed;
  }
  return text === url ? url : text;
}

/**
 * A parameter name as the receiving server reads it (`api%5Fkey`, `api+key`, doubly encoded), through
 * `URLSearchParams`, which decodes `+` and leaves a malformed `%` sequence as it is instead of throwing.
 */
export function decodeParameterName(name: string): string {
  let decoded = name;
  for (let round = 0; round < maxDecodeRounds && (decoded.includes("%") || decoded.includes("+")); round++) {
    const next = new URLSearchParams(`${decoded.replaceAll("&", "%26").replaceAll("=", "%3D")}=`).keys().next().value ?? decoded;
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
}

/**
 * Each `name=value` in the text: a name starts after `/ ? & ; , # =` or at the start; a sensitive name's
 * value runs to the next `& ; #` (in a URL's path also `/` and `?`), so a value holding `=`, `,` or `?`
 * (base64, lists) goes whole.
 */
function scrubParameters(text: string, isSensitiveKey: IsSensitiveKey, parts: { path: { start: number; end: number }; url: { start: number; end: number } } | undefined): string {
  let result = "";
  let copied = 0;
  let nameFloor = 0;
  let equals = text.indexOf("=");
  while (equals !== -1) {
    let nameStart = equals;
    while (nameStart > nameFloor && !isNameBoundary(text.charCodeAt(nameStart - 1))) nameStart--;
    if (nameStart < equals && isSensitiveName(text.slice(nameStart, equals), isSensitiveKey)) {
      const isInPath = parts !== undefined && equals >= parts.path.start && equals < parts.path.end;
      const limit = parts !== undefined && equals >= parts.url.start && equals < parts.url.end ? parts.url.end : text.length;
      let valueEnd = equals + 1;
      while (valueEnd < limit && !(isInPath ? isPathValueEnd : isValueEnd)(text.charCodeAt(valueEnd))) valueEnd++;
      if (valueEnd > equals + 1 && text.slice(equals + 1, valueEnd) !== filtered) {
        result += text.slice(copied, equals + 1) + filtered;
        copied = valueEnd;
      }
      nameFloor = valueEnd;
      equals = text.indexOf("=", valueEnd);
    } else {
      nameFloor = equals + 1;
      equals = text.indexOf("=", equals + 1);
    }
  }
  return copied === 0 ? text : result + text.slice(copied);
}

function isSensitiveName(name: string, isSensitiveKey: IsSensitiveKey): boolean {
  return isSensitiveKey(name) || ((name.includes("%") || name.includes("+")) && isSensitiveKey(decodeParameterName(name)));
}

/**
 * The parts of an absolute URL inside the word (after `url=` or a quote, say), when WHATWG `URL` parses
 * it; a word starting with `/` is a relative URL whose path runs to the first `?` or `#`.
 */
function layoutOf(word: string): UrlLayout | null {
  const schemeEnd = word.indexOf("://");
  if (schemeEnd > 0) {
    let start = schemeEnd;
    while (start > 0 && isSchemeCharacter(word.charCodeAt(start - 1))) start--;
    while (start < schemeEnd && !isLetter(word.charCodeAt(start))) start++;
    let end = schemeEnd + 3;
    while (end < word.length && !isUrlEnd(word.charCodeAt(end))) end++;
    if (start < schemeEnd && isUrl(word.slice(start, end))) {
      const authorityEnd = authorityEndFrom(word, schemeEnd + 3, end);
      return { path: { start: authorityEnd, end: pathEndFrom(word, authorityEnd, end) }, url: { start, end } };
    }
  }
  if (word.charCodeAt(0) === 47 /* / */) {
    let end = 1;
    while (end < word.length && !isUrlEnd(word.charCodeAt(end))) end++;
    return { path: { start: 0, end: pathEndFrom(word, 0, end) }, url: { start: 0, end } };
  }
  return null;
}

/**
 * The password of every `scheme://user:password@host` in the word, filtered. WHATWG's rule, applied
 * without a full parse so that a URL `URL` refuses keeps no password either: the authority ends at
 * `/ ? # \`, the user part at its last `@`, the password starts after the user part's first `:`.
 */
function scrubUserPasswords(word: string): string {
  let result = "";
  let copied = 0;
  for (let schemeEnd = word.indexOf("://"); schemeEnd !== -1; schemeEnd = word.indexOf("://", schemeEnd + 3)) {
    const password = passwordIn(word, schemeEnd + 3);
    if (password && word.slice(password.start, password.end) !== filtered) {
      result += word.slice(copied, password.start) + filtered;
      copied = password.end;
    }
  }
  return copied === 0 ? word : result + word.slice(copied);
}

function hasUserPassword(word: string): boolean {
  for (let schemeEnd = word.indexOf("://"); schemeEnd !== -1; schemeEnd = word.indexOf("://", schemeEnd + 3)) {
    if (passwordIn(word, schemeEnd + 3)) return true;
  }
  return false;
}

/** Reads only the authority, so a word of many URLs is read once. */
function passwordIn(word: string, authorityStart: number): { start: number; end: number } | null {
  let colon = -1;
  let at = -1;
  for (let index = authorityStart; index < word.length; index++) {
    const code = word.charCodeAt(index);
    if (isAuthorityEnd(code)) break;
    if (code === 64 /* @ */) at = index;
    else if (code === 58 /* : */ && colon === -1) colon = index;
  }
  return colon !== -1 && colon < at - 1 ? { start: colon + 1, end: at } : null;
}

function authorityEndFrom(word: string, start: number, end: number): number {
  let index = start;
  while (index < end && !isAuthorityEnd(word.charCodeAt(index))) index++;
  return index;
}

function isUrl(text: string): boolean {
  return URL.canParse(text);
}

function pathEndFrom(text: string, start: number, end: number): number {
  let index = start;
  while (index < end && text.charCodeAt(index) !== 63 /* ? */ && text.charCodeAt(index) !== 35 /* # */) index++;
  return index;
}

function decodeLeniently(text: string): string {
  return text.replace(percentRuns, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** Space and the control characters: what separates words (a URL holds none of them unencoded). */
const isSpace = (code: number) => code <= 32 || code === 127;
/** / ? & ; , # = */
const isNameBoundary = (code: number) => code === 47 || code === 63 || code === 38 || code === 59 || code === 44 || code === 35 || code === 61;
/** & ; # */
const isValueEnd = (code: number) => code === 38 || code === 59 || code === 35;
/** / ; ? # & */
const isPathValueEnd = (code: number) => code === 47 || code === 59 || code === 63 || code === 35 || code === 38;
/** / ? # \ (special schemes read `\` as `/`) */
const isAuthorityEnd = (code: number) => code === 47 || code === 63 || code === 35 || code === 92;
/** " < > ` : characters that end a URL written inside text (quoted, in markup). */
const isUrlEnd = (code: number) => code === 34 || code === 60 || code === 62 || code === 96;
const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isSchemeCharacter = (code: number) => isLetter(code) || (code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46;
