import { LRUCache } from "lru-cache";

/**
 * Sentry's `normalize_message_for_grouping` (sentry-protocol §5.5): keep the first two non-blank lines,
 * then replace variable parts with placeholders such as `<int>` or `<ip>`, so that messages differing
 * only in ids, numbers or timestamps share a group.
 *
 * One combined regex, the alternatives in the order of Sentry's newest parameterizer (which wins when two
 * start at the same position): email, url, hostname, ip, traceparent, uuid, sha1, md5, date, duration,
 * swift_txn_id, hex, git_sha, float, int, quoted_str, bool.
 *
 * Written from the behaviour described in §5.5 and Sentry's published test expectations; no Sentry code
 * copied. Sentry's patterns are Python `str` regexes, whose `\b`, `\d`, `\w` and `\s` are Unicode-aware,
 * while JavaScript's are ASCII-only even with the `u` flag, so the building blocks below spell out the
 * Python meaning. Otherwise `é123` or `ユーザー123` would become `…<int>` here but not in Sentry.
 */

/** Python `\w` for `str` patterns: letters and numbers of any script, and `_` (not combining marks). */
const WORD_CHAR = String.raw`[\p{L}\p{N}_]`;
/** Python `\b`. */
const B = `(?:(?<=${WORD_CHAR})(?!${WORD_CHAR})|(?<!${WORD_CHAR})(?=${WORD_CHAR}))`;
/** Python `\d`: any decimal digit (Unicode category Nd). */
const D = String.raw`\p{Nd}`;
/** Python `\s` (`str.isspace()`), for use inside a character class; includes `\x1c`–`\x1f` and `\x85`. */
const SPACE_CHARS = String.raw`\t\n\v\f\r\x1c-\x1f\x85\p{Zs}\u2028\u2029`;
/** A `-` that starts a token (not a hyphen inside a word such as `utf-8`). */
const LEADING_MINUS = `(?<!${WORD_CHAR})-`;

const any = (...options: string[]) => `(?:${options.join("|")})`;

/** The usual "top 100" TLD list (99 entries), all-lowercase or all-uppercase (`Example.Com` is left alone). */
const TOP_TLDS = [
  "com", "net", "org", "jp", "de", "uk", "fr", "br", "it", "ru", "es", "me", "gov", "pl", "ca", "au", "cn", "co", "in", "nl",
  "edu", "info", "eu", "ch", "id", "at", "kr", "cz", "mx", "be", "tv", "se", "tr", "tw", "al", "ua", "ir", "vn", "cl", "sk",
  "ly", "cc", "to", "no", "fi", "us", "pt", "dk", "ar", "hu", "tk", "gr", "il", "news", "ro", "my", "biz", "ie", "za", "nz",
  "sg", "ee", "th", "io", "xyz", "pe", "bg", "hk", "rs", "lt", "link", "ph", "club", "si", "site", "mobi", "by", "cat", "wiki", "la",
  "ga", "xxx", "cf", "hr", "ng", "jobs", "online", "kz", "ug", "gq", "ae", "is", "lv", "pro", "fm", "tips", "ms", "sa", "app",
];

const EMAIL = "[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9-]+(?:\\.[a-zA-Z0-9-]+)*";

const WEB_URL = String.raw`${B}(?:wss?|https?|ftp)://[^${SPACE_CHARS}/$.?#].[^${SPACE_CHARS}]*`;

const HOSTNAME = String.raw`${B}(?:[a-zA-Z0-9-]{1,63}\.)+?${any(...TOP_TLDS, ...TOP_TLDS.map((tld) => tld.toUpperCase()))}${B}`;

// IP addresses. Only valid addresses match (IPv4 octets 0–255 without leading zeros, the full IPv6
// grammar): Sentry gets the same answer by checking IP-like matches with Python's `ipaddress`.
const OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])";
const IPV4 = String.raw`${OCTET}(?:\.${OCTET}){3}`;
const H16 = "[0-9a-fA-F]{1,4}";
/** The RFC 3986 IPv6 grammar: up to 8 groups, at most one `::`, optionally ending in an embedded IPv4. */
function ipv6Forms(): string {
  const tail = any(IPV4, `${H16}:${H16}`); // "ls32": the last 32 bits
  const groups = (count: number) => `(?:${H16}:){${count}}`;
  const head = (maxGroups: number) => (maxGroups < 0 ? "" : `(?:(?:${H16}:){0,${maxGroups}}${H16})?`);
  return any(
    groups(6) + tail,
    `::${groups(5)}${tail}`,
    `${head(0)}::${groups(4)}${tail}`,
    `${head(1)}::${groups(3)}${tail}`,
    `${head(2)}::${groups(2)}${tail}`,
    `${head(3)}::${groups(1)}${tail}`,
    `${head(4)}::${tail}`,
    `${head(5)}::${H16}`,
    `${head(6)}::`,
  );
}
// The lookarounds keep `Foo::bar()` and `std::vector` from matching as `::`; a zone (`%eth0`) and a
// prefix length (`fc00::/7`) belong to the address.
const IPV6 = `(?<![0-9a-zA-Z_])${ipv6Forms()}(?:%[0-9a-zA-Z]+)?(?:/(?:12[0-8]|1[01][0-9]|[1-9]?[0-9]))?(?![0-9a-zA-Z])`;
const IP = any(IPV6, `${B}${IPV4}${B}`);

// W3C `traceparent` header values and AWS X-Ray trace ids.
const TRACEPARENT = any(`${B}00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]${B}`, `${B}1-[0-9a-f]{8}-[0-9a-f]{24}${B}`);

const UUID = `${B}[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}${B}`;
const SHA1 = `${B}[0-9a-fA-F]{40}${B}`;
const MD5 = `${B}[0-9a-fA-F]{32}${B}`;

// Dates and times. Month, day and clock fields only accept valid values, so `2006-01-40` and `12:99`
// fall through to `<int>`.
const WEEKDAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
const WEEKDAY_LONG = "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";
const MONTH_NAME = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
const MONTH = "(?:0[1-9]|1[0-2])";
const DAY = "(?:0[1-9]|[12][0-9]|3[01])";
const HOUR = "(?:[01][0-9]|2[0-3])";
const MINUTE = "[0-5][0-9]";
const FRACTION = String.raw`(?:\.[0-9]+)?`;
const ZONE = "(?:[A-Z]{3,5}|[+-][0-9]{4})"; // `MST` or `-0700`
// `Z07:00` is Go's RFC 3339 layout string, which shows up verbatim in Go error messages.
const UTC_OFFSET = "(?:Z(?:[0-9]{2}:[0-9]{2})?|[+-][0-9]{2}(?::?[0-9]{2})?)";
const ISO_DATE = `[0-9]{4}-${MONTH}-${DAY}`;
const CLOCK = `${HOUR}:${MINUTE}:${MINUTE}`;
// A time of day on its own ("kitchen" time). It must not be part of a longer run of digits and colons,
// so `908:31`, `11:2112` and `12:31:99` are numbers, not times.
const NOT_AFTER_TIME = `(?<!${D}|${D}:)`;
const NOT_BEFORE_TIME = `(?!${D}|:${D})`;
const DATE = any(
  // RFC 822, RFC 850 and RFC 1123 (HTTP / email dates): `Mon, 02 Jan 2006 15:04:05 MST`, `Monday, 02-Jan-06 …`
  `${B}${any(WEEKDAY, WEEKDAY_LONG)}, [0-9]{2}[ -]${MONTH_NAME}[ -][0-9]{2}(?:[0-9]{2})? ${HOUR}:${MINUTE}(?::${MINUTE})? ${ZONE}${B}`,
  // JavaScript `Date.prototype.toString()`: `Tue Jan 02 2024 10:00:00 GMT+0100 (Central European Standard Time)`
  String.raw`${B}${WEEKDAY} ${MONTH_NAME} [0-9]{2} [0-9]{4} ${CLOCK} GMT[+-][0-9]{4}(?: \([^()\n]*\)|${B})`,
  // C `asctime()` / Unix `date`: `Mon Jan  2 15:04:05 2006`, `Mon Jan 02 15:04:05 -0700 2006`
  `${B}${WEEKDAY} ${MONTH_NAME} +[0-9]{1,2} ${CLOCK}(?: ${ZONE})? [0-9]{4}${B}`,
  // `Jan 18, 2019`, `Mon Jan 02, 1999`
  `${B}(?:${WEEKDAY} )?${MONTH_NAME} [0-9]{1,2}, [0-9]{4}${B}`,
  // Python's repr of a datetime: `datetime.datetime(2025, 6, 24, 18, 33, 0, 447640)`
  String.raw`${B}datetime\.datetime\([0-9]+(?:, ?[0-9]+)*\)`,
  // Compressed ISO 8601: `20060102T150405Z`, `20060102 150405+0100`, `20240220 11:55:33.546593`
  `${B}[0-9]{4}${MONTH}${DAY}${any(`[T ]${HOUR}${MINUTE}${MINUTE}(?:Z|[+-][0-9]{4})?`, ` ${CLOCK}${FRACTION}`)}${B}`,
  // ISO 8601 / RFC 3339 date, optionally with a time (`T` or space) and an offset
  `${B}${ISO_DATE}(?:[T ]${CLOCK}${FRACTION}${UTC_OFFSET}?|T${HOUR}:${MINUTE}${UTC_OFFSET}?)?${B}`,
  // 12-hour clock with AM/PM, then 24-hour clock, each optionally with seconds
  `${NOT_AFTER_TIME}(?:1[0-2]|0?[1-9]):${MINUTE}(?::${MINUTE})? ?(?:AM|PM|am|pm)${B}`,
  `${NOT_AFTER_TIME}(?:[01]?[0-9]|2[0-3]):${MINUTE}(?::${MINUTE})?${NOT_BEFORE_TIME}`,
);

// As in Sentry, the two alternatives are bounded on one side each (`\b(\d+ms)|(\d+(\.\d+)?s)\b` in
// Python's verbose syntax), so `10msg` still gives `<duration>g`. The `(?<!\d)` changes no result (a
// run of digits that fails from its first digit fails from every later one) but keeps a long run of
// digits from being rescanned at each position.
const DURATION = String.raw`${B}${D}+ms|(?<!${D})${D}+(?:\.${D}+)?s${B}`;

// OpenStack Swift transaction ids: `tx` + 21 hex, `-`, 10 hex, then any suffix such as `-cluster01`.
const SWIFT_TXN_ID = `${B}tx[0-9a-f]{21}-[0-9a-f]{10}[^${SPACE_CHARS}]*`;

// Hex: `0x…` of any length; otherwise one letter case only, and either 4–6 characters mixing digits and
// letters (so plain words like `cafe` and small numbers stay) or 8–128 characters (so 8+ digit numbers
// count as hex, not int).
const SHORT_HEX = (letters: string) => `(?=[${letters}]*[0-9])(?=[0-9]*[${letters}])[0-9${letters}]{4,6}`;
const HEX = any(
  `${B}0[xX][0-9a-fA-F]+${B}`,
  `${any(B, LEADING_MINUS)}${any(SHORT_HEX("a-f"), SHORT_HEX("A-F"), "[0-9a-f]{8,128}", "[0-9A-F]{8,128}")}${B}`,
);

// An abbreviated git commit: exactly 7 lowercase hex characters with at least one digit and one letter.
const GIT_SHA = `${B}(?=[a-f]*[0-9])(?=[0-9]*[a-f])[0-9a-f]{7}${B}`;

const FLOAT = String.raw`-${D}+\.${D}+${B}|${B}${D}+\.${D}+${B}`;
const INT = `${any(B, LEADING_MINUS)}${D}{1,7}${B}`;

// Only the value right after `=` is replaced (`key='x'` → `key=<quoted_str>`; `key = 'x'` is left alone).
const QUOTED_STR = `(?<==)(?:'[^']+'|"[^"]+")`;
const BOOL = "(?<==)(?:True|true|False|false)";

const PATTERNS = {
  email: EMAIL,
  url: WEB_URL,
  hostname: HOSTNAME,
  ip: IP,
  traceparent: TRACEPARENT,
  uuid: UUID,
  sha1: SHA1,
  md5: MD5,
  date: DATE,
  duration: DURATION,
  swift_txn_id: SWIFT_TXN_ID,
  hex: HEX,
  git_sha: GIT_SHA,
  float: FLOAT,
  int: INT,
  quoted_str: QUOTED_STR,
  bool: BOOL,
};
const PATTERN_NAMES = Object.keys(PATTERNS);

const compile = (patterns: [string, string][]) =>
  new RegExp(patterns.map(([name, source]) => `(?<${name}>${source})`).join("|"), "gu");

/** Built once: this runs for every event. */
const PARAMETERS = compile(Object.entries(PATTERNS));
/**
 * The same without `email`, for messages without an `@`. The email pattern has no left boundary, so it
 * rescans each run of name characters from every position (quadratic: ~40 ms for an 8 KiB word);
 * skipping it when it cannot match gives the same result much faster.
 */
const PARAMETERS_WITHOUT_EMAIL = compile(Object.entries(PATTERNS).filter(([name]) => name !== "email"));

/** Python's `str.splitlines()` boundaries. */
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/u;
/** A character Python's `str.strip()` would keep. */
const NON_SPACE = new RegExp(`[^${SPACE_CHARS}]`, "u");

/** Replace callback: `args` ends with the named-groups object; the match is the first group that took part. */
function placeholder(match: string, ...args: unknown[]): string {
  const groups = args[args.length - 1] as Record<string, string | undefined>;
  const name = PATTERN_NAMES.find((key) => groups[key] !== undefined);
  return name === undefined ? match : `<${name}>`;
}

export function normalizeMessageForGrouping(message: string): string {
  let normalized = normalizedMessages.get(message);
  if (normalized === undefined) {
    normalized = parameterize(message);
    // Long messages are rare and would only crowd out the recurring ones.
    if (message.length <= 1_000) normalizedMessages.set(message, normalized);
  }
  return normalized;
}

/**
 * Results by message: an issue's events repeat the same few messages, and the combined regex (Unicode
 * word boundaries tried at every position) was a tenth of grouping's time (docs/performance.md).
 */
export const normalizedMessages = new LRUCache<string, string>({
  // Messages come from SDKs. 5,000 of at most 1,000 characters, each with its result: at most 10 million
  // characters, 20 MB for two-byte text; the size bound keeps it to 2 million characters (4 MB at most).
  max: 5_000,
  maxSize: 2_000_000,
  sizeCalculation: (normalized, message) => 1 + message.length + normalized.length,
});

function parameterize(message: string): string {
  const firstLines = message
    .split(LINE_BREAK)
    .filter((line) => NON_SPACE.test(line))
    .slice(0, 2)
    .join("\n");
  // Like Sentry, "..." marks any change, including dropped blank lines or a `\r\n` turned into `\n`.
  const trimmed = firstLines === message ? message : `${firstLines}...`;
  return trimmed.replace(trimmed.includes("@") ? PARAMETERS : PARAMETERS_WITHOUT_EMAIL, placeholder);
}
