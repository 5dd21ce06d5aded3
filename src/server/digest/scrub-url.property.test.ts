import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultScrubSettings, textScrubbingFor } from "./scrub-event";
import { scrubText } from "./scrub-text";

/**
 * Property: whatever shape a URL takes — absolute, protocol-relative or relative, a path holding `=`, `;`
 * or encoded characters, repeated `?`, `;` between pairs, a fragment, a user part — and wherever it sits
 * in a text, the value of a sensitive parameter never survives scrubText. The rest of the URL is made of
 * lower-case characters and digits, so the upper-case secret cannot be mistaken for another part.
 */
/** Letters that spell none of the sensitive words, so a generated name is never sensitive by chance. */
const lower = "bfjlmqvxyz0123456789";
const word = fc.string({ unit: fc.constantFrom(...lower.split("")), minLength: 1, maxLength: 8 });
const encoded = fc.constantFrom("%20", "%2f", "%3D", "%c3%a9", "%41", "%zz", "+");
/** A path segment: plain, `name=value`, `;` parameters, encoded characters. */
const segment = fc.oneof(
  word,
  fc.tuple(word, word).map(([name, value]) => `${name}=${value}`),
  fc.tuple(word, word, word).map(([base, name, value]) => `${base};${name}=${value}`),
  fc.tuple(word, encoded, word).map(([left, code, right]) => `${left}${code}${right}`),
);
const pair = fc.oneof(
  fc.tuple(word, word).map(([name, value]) => `${name}=${value}`),
  word,
  fc.tuple(word, encoded, word).map(([name, code, value]) => `${name}=${value}${code}`),
);
const separator = fc.constantFrom("&", ";", "?", "&amp;");

const sensitiveNames = ["token", "access_token", "api_key", "apiKey", "API-KEY", "password", "passwd", "client_secret", "sessionid", "JSessionId", "auth", "X-Auth-Token", "csrf", "signature", "private_key"];
/** A name as a client may write it: some characters percent-encoded (upper or lower hex), once or twice, or `_` as `+`-free variants. */
const sensitiveName = fc
  .tuple(fc.constantFrom(...sensitiveNames), fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), fc.boolean(), fc.boolean())
  .map(([name, encodeAt, isLowerHex, isTwice]) => {
    let text = [...name].map((character, index) => (encodeAt[index] ? `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}` : character)).join("");
    if (isLowerHex) text = text.replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase());
    if (isTwice) text = text.replaceAll("%", "%25");
    return text;
  });

/** Secrets are upper case with characters a query value may hold unencoded; in a path segment no `/` or `?`. */
const secretCore = fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("")), minLength: 6, maxLength: 12 });
const queryValue = fc.tuple(secretCore, fc.string({ unit: fc.constantFrom(..."QWERTY0123456789-._~+/=,!*'():@?".split("")), maxLength: 10 }), secretCore).map(([head, middle, tail]) => `${head}${middle}${tail}`);
const pathValue = fc.tuple(secretCore, fc.string({ unit: fc.constantFrom(..."QWERTY0123456789-._~+=,!*'():@".split("")), maxLength: 10 }), secretCore).map(([head, middle, tail]) => `${head}${middle}${tail}`);

type Place = "query" | "fragment" | "path" | "hash-route" | "password";

const origin = fc.oneof(
  fc.constantFrom("https://shop.example.com", "http://127.0.0.1:8080", "http://[::1]", "postgres://db.example.com:5432", "//cdn.example.com", ""),
  fc.tuple(word, word).map(([user, host]) => `https://${user}@${host}.example.com`),
);

const urlWithSecret = fc
  .record({
    origin,
    segments: fc.array(segment, { maxLength: 4 }),
    before: fc.array(fc.tuple(pair, separator), { maxLength: 3 }),
    after: fc.array(fc.tuple(separator, pair), { maxLength: 3 }),
    hasQuestionMark: fc.boolean(),
    fragment: fc.option(fc.array(pair, { minLength: 1, maxLength: 2 }), { nil: undefined }),
    place: fc.constantFrom<Place>("query", "query", "fragment", "path", "hash-route", "password"),
    name: sensitiveName,
    queryValue,
    pathValue,
  })
  .map(({ origin: start, segments, before, after, hasQuestionMark, fragment, place, name, queryValue: value, pathValue: segmentValue }) => {
    const secretValue = place === "path" ? segmentValue : place === "password" ? secretCoreOf(value) : value;
    const path = segments.map((part) => `/${part}`).join("");
    const query = [...before.map(([part, sep]) => `${part}${sep}`), place === "query" ? `${name}=${secretValue}` : "q=1", ...after.map(([sep, part]) => `${sep}${part}`)].join("");
    const fragmentText = fragment ? `#${fragment.join("&")}` : "";
    const base = start === "" ? "" : start;
    let url: string;
    if (place === "path") url = `${base}${path}/${name}=${secretValue}/end?${query}${fragmentText}`;
    else if (place === "fragment") url = `${base}${path}?${query}#${fragment ? `${fragment.join("&")}&` : ""}${name}=${secretValue}`;
    else if (place === "hash-route") url = `${base}${path}/#/callback?${name}=${secretValue}&state=1`;
    else if (place === "password") url = `https://user:${secretValue}@db.example.com${path}?${query}`;
    // Without an origin or a `?`, a bare query string (`a=1&token=…`), as request.query_string holds it.
    else url = base === "" && !hasQuestionMark ? `${query}${fragmentText}` : `${base}${path}?${query}${fragmentText}`;
    return { url, secret: secretValue };
  });

/** A password must not hold `@`, `/`, `?` or `#`: the user part ends at them. */
function secretCoreOf(value: string): string {
  return value.replace(/[@/?#:]/g, "X");
}

const context = fc.constantFrom(
  (url: string) => url,
  (url: string) => `GET ${url} failed`,
  (url: string) => `fetch("${url}")`,
  (url: string) => `redirect=${url} next`,
  (url: string) => `<a href="${url}">link</a>`,
  (url: string) => `Location: ${url}\n`,
);

describe("scrubText on URLs", () => {
  it("never lets the value of a sensitive parameter through, whatever the URL's shape and wherever it sits", () => {
    const scrubbing = textScrubbingFor(defaultScrubSettings);
    fc.assert(
      fc.property(urlWithSecret, context, ({ url, secret }, inText) => {
        const scrubbed = scrubText(inText(url), scrubbing);
        expect(scrubbed, `${inText(url)} → ${scrubbed}`).not.toContain(secret);
        // Nor a piece of it: the secret starts and ends with at least six upper-case letters.
        expect(scrubbed).not.toMatch(/[A-Z]{6}/);
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves a URL without anything sensitive as it was", () => {
    const scrubbing = textScrubbingFor(defaultScrubSettings);
    const plainUrl = fc
      .record({ origin, segments: fc.array(segment, { maxLength: 4 }), pairs: fc.array(fc.tuple(separator, pair), { maxLength: 4 }) })
      .map(({ origin: start, segments, pairs }) => `${start}${segments.map((part) => `/${part}`).join("")}?q=1${pairs.map(([sep, part]) => `${sep}${part}`).join("")}`);
    fc.assert(
      fc.property(plainUrl, (url) => {
        expect(scrubText(url, scrubbing)).toBe(url);
      }),
      { numRuns: 1000 },
    );
  });
});
