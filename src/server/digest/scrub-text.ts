import { filtered } from "./filtered";
import { scrubUrlsInText } from "./scrub-url";

export interface TextScrubbing {
  isSensitiveKey: (key: string) => boolean;
  scrubEmails: boolean;
  scrubIpAddresses: boolean;
}

const privateKeyBlock = /-----BEGIN[A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END[A-Z0-9 ]*PRIVATE KEY-----|$)/g;
const schemeCredentials = /\b(bearer|basic|token|digest)(\s+)[A-Za-z0-9\-._~+/]{8,}=*/gi;
const cardCandidates = /\b\d(?:[ -]?\d){12,18}\b/g;
/** Parts bounded as RFC 5321 bounds them: unbounded, a long run of letters before an `@` took quadratic time. */
const emails = /[a-zA-Z0-9._%+-]{1,64}@[a-zA-Z0-9-]{1,63}(?:\.[a-zA-Z0-9-]{1,63})*\.[a-zA-Z]{2,63}/g;
const ipv4 = /\b(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}\b/g;
const ipv6 = /\b(?:[0-9a-f]{1,4}:){2,7}[0-9a-f]{0,4}\b/gi;
const authSchemes = /bearer|basic|token|digest/i;
const digitRun = /\d[\d -]{11}/;
const ipLike = /\d\.\d|:[0-9a-f]{0,4}:/i;

/**
 * The secret-looking parts of one string, replaced: private key blocks, credentials after an auth scheme
 * (`Bearer …`), values of sensitive parameters and passwords in URLs, query strings, cookie strings and
 * `name=value` words (scrub-url), Luhn-valid card numbers, and — when the project asks
 * — e-mail and IP addresses. Returns the string unchanged (the same instance) when nothing matched. Each
 * pattern runs only after a cheap test says it could match: every string of every event passes here.
 */
export function scrubText(value: string, scrubbing: TextScrubbing, isIdentifier = false): string {
  let text = value;
  if (text.includes("-----BEGIN")) text = text.replace(privateKeyBlock, filtered);
  if (authSchemes.test(text)) text = text.replace(schemeCredentials, (_match, scheme: string, space: string) => `${scheme}${space}${filtered}`);
  if (text.includes("=") || (text.includes("@") && text.includes("://"))) text = scrubUrlsInText(text, scrubbing.isSensitiveKey);
  if (!isIdentifier && digitRun.test(text)) text = text.replace(cardCandidates, (match) => (isCardNumber(match) ? filtered : match));
  if (scrubbing.scrubEmails && text.includes("@")) text = text.replace(emails, filtered);
  if (scrubbing.scrubIpAddresses && ipLike.test(text)) {
    text = text.replace(ipv4, filtered).replace(ipv6, (match) => (match.includes("::") || match.split(":").length >= 8 ? filtered : match));
  }
  return text === value ? value : text;
}

/** 13–19 digits that pass the Luhn check (the check Sentry and Relay use for `@creditcard`). */
function isCardNumber(candidate: string): boolean {
  const digits = candidate.replace(/[ -]/g, "");
  if (digits.length < 13 || digits.length > 19 || /^(\d)\1+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
