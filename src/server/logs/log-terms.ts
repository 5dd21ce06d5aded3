import { LRUCache } from "lru-cache";

/**
 * The search tokens of a log line (migrations/0024-logs.ts): the words of its message, one token per
 * attribute value (`v…`, a hash of `key=value`), one per attribute key (`k…`, for `has:`) and one for its
 * trace (`t…`). Made here in JavaScript, not by the database's parser, so SQLite's FTS5 and PostgreSQL's
 * tsvector hold exactly the same tokens and a search finds the same lines on both.
 *
 * Words are runs of letters and digits, lower-cased, at most `maxWordLength` long (a longer run — a base64
 * blob — is not a word anyone types); a line contributes at most `maxWordsPerLine` distinct words.
 */
const wordPattern = /[\p{L}\p{N}]+/gu;
export const maxWordLength = 64;
export const maxWordsPerLine = 1000;
/** Attribute values longer than this get no value token (a stack trace is searched as text, not as a value). */
export const maxIndexedValueLength = 256;

export function wordsOf(text: string, limit = maxWordsPerLine): string[] {
  const words = new Set<string>();
  for (const match of text.matchAll(wordPattern)) {
    const word = match[0];
    if (word.length > maxWordLength) continue;
    words.add(word.toLowerCase());
    if (words.size >= limit) break;
  }
  return [...words];
}

/** 52 bits of FNV-1a over two lanes, as base-36: collisions among a project's attribute values are negligible. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return ((a >>> 0) * 2 ** 20 + ((b >>> 0) & 0xfffff)).toString(36);
}

export function attributeValueToken(key: string, value: string): string {
  return `v${hash(`${key}=${value}`)}`;
}

export function attributeKeyToken(key: string): string {
  return `k${hash(key)}`;
}

// Most of a line's attributes repeat line after line (release, SDK, server, route): their tokens are kept
// instead of hashed again. Keyed by key and value apart, so a hit builds no `key=value` string.
const keyTokens = new LRUCache<string, string>({ max: 2_000 });
const valueTokens = new LRUCache<string, LRUCache<string, string>>({ max: 2_000 });
const maxCachedValuesPerKey = 500;

function cachedKeyToken(key: string): string {
  let token = keyTokens.get(key);
  if (token === undefined) keyTokens.set(key, (token = attributeKeyToken(key)));
  return token;
}

function cachedValueToken(key: string, value: string): string {
  let values = valueTokens.get(key);
  if (values === undefined) valueTokens.set(key, (values = new LRUCache({ max: maxCachedValuesPerKey })));
  let token = values.get(value);
  if (token === undefined) values.set(value, (token = attributeValueToken(key, value)));
  return token;
}

/**
 * PostgreSQL only: a token per severity level (`s` and the level's digit, 1 trace … 6 fatal), so a search for a
 * severity and an attribute intersects both in the GIN index instead of reading each of the attribute's lines
 * in the window to check its severity (docs/performance.md, "Logs"). SQLite's FTS5 path streams the
 * attribute's lines newest first and checks the severity on the row; there the token would only cost bytes.
 */
export function severityToken(severityNumber: number): string {
  return `s${Math.min(6, Math.max(1, Math.floor((severityNumber - 1) / 4) + 1))}`;
}

/** The first 16 hex digits of the trace id: enough to find a trace's lines, which the row's trace id confirms. */
export function traceToken(traceId: string): string {
  return `t${traceId.slice(0, 16)}`;
}

/** An attribute's value as search compares it: strings as they are, numbers and booleans as JSON writes them. */
export function searchableValue(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/** SDK bookkeeping no one searches by: the SDK's per-millisecond sequence number, its internal flags. */
function isUnsearched(key: string): boolean {
  return key === "sentry.timestamp.sequence" || key.startsWith("sentry._internal.");
}

export function termsOfLine(body: string, traceId: string, attributes: Record<string, { value: unknown }>): string[] {
  const terms = wordsOf(body);
  terms.push(traceToken(traceId));
  for (const [key, attribute] of Object.entries(attributes)) {
    if (isUnsearched(key)) continue;
    terms.push(cachedKeyToken(key));
    const value = searchableValue(attribute.value);
    if (value !== null && value.length <= maxIndexedValueLength) terms.push(cachedValueToken(key, value));
  }
  return [...new Set(terms)];
}
