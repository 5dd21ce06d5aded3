import { describe, expect, it } from "vitest";
import { normalizeMessageForGrouping } from "./normalize-message";

/** [name, input, expected]: expectations follow Sentry's parameterizer (sentry-protocol §5.5, §7.1). */
const parameterCases: [string, string, string][] = [
  // email, url, hostname
  ["email", "maisey@example.org", "<email>"],
  ["email with dot and plus", "first.last+tag@mail.example.io", "<email>"],
  ["url", "https://shop.example.com/cart?id=12#top", "<url>"],
  ["url with credentials and port", "http://admin:s3cret@example.net:8080/x", "<url>"],
  ["url with localhost", "http://localhost:3000", "<url>"],
  ["url with IPv6 host", "http://[2001:db8::1]:80", "<url>"],
  ["websocket url", "wss://realtime.example.com/socket", "<url>"],
  ["non-http scheme keeps the scheme (as in Sentry)", "tcp://user:pass@db.example.com:5432", "tcp://user:<email>:<int>"],
  ["hostname", "api.example.com", "<hostname>"],
  ["hostname, uppercase TLD", "CDN.EXAMPLE.NET", "<hostname>"],
  ["hostname, mixed-case TLD is not one", "Example.Com", "Example.Com"],
  ["dotted name without a top TLD", "user.name", "user.name"],
  // ip
  ["IPv4", "192.168.0.1", "<ip>"],
  ["IPv4 with port", "0.0.0.0:80", "<ip>:<int>"],
  ["IPv6 compressed", "2001:db8::1", "<ip>"],
  ["IPv6 unspecified", "::", "<ip>"],
  ["IPv6 loopback", "::1", "<ip>"],
  ["IPv6 full", "2001:0db8:85a3:0000:0000:8a2e:0370:7334", "<ip>"],
  ["IPv6 with prefix length", "fd00::/8", "<ip>"],
  ["IPv6 with zone", "fe80::1%eth0", "<ip>"],
  ["IPv4-mapped IPv6", "::ffff:10.0.0.1", "<ip>"],
  ["Rust path is not an IP", "Option::unwrap()", "Option::unwrap()"],
  ["C++ scope with hex-like name is not an IP", "Bee::buzz()", "Bee::buzz()"],
  ["too few IPv6 groups", "12345:6:789", "<int>:<int>:<int>"],
  ["too many leading digits before ::", "12345::6:789", "<int>::<int>:<int>"],
  // traceparent, uuid, sha1, md5
  ["W3C traceparent", "traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "traceparent: <traceparent>"],
  ["AWS X-Ray trace id", "1-5759e988-bd862e3fe1be46a994272793", "<traceparent>"],
  ["X-Ray id inside a word is hex", "xyz1-5759e988-bd862e3fe1be46a994272793", "xyz1-<hex>-<hex>"],
  ["uuid", "550e8400-e29b-41d4-a716-446655440000", "<uuid>"],
  ["two uuids", "550e8400-e29b-41d4-a716-446655440000/6BA7B810-9DAD-11D1-80B4-00C04FD430C8", "<uuid>/<uuid>"],
  ["sha1", "da39a3ee5e6b4b0d3255bfef95601890afd80709", "<sha1>"],
  ["md5", "d41d8cd98f00b204e9800998ecf8427e", "<md5>"],
  // date
  ["ISO date", "2024-01-02", "<date>"],
  ["ISO datetime", "2024-01-02T10:00:00", "<date>"],
  ["ISO datetime with Z and fraction", "2024-01-02T10:00:00.123456Z", "<date>"],
  ["ISO datetime with offset", "2024-01-02T10:00:00+01:00", "<date>"],
  ["Go RFC 3339 layout", "2006-01-02T15:04:05Z07:00", "<date>"],
  ["space-separated datetime", "2024-01-02 10:00:00", "<date>"],
  ["space-separated datetime with millis", "2024-01-02 10:00:00.418", "<date>"],
  ["compressed datetime", "20240102T100000Z", "<date>"],
  ["compressed datetime with offset", "20240102 100000+0100", "<date>"],
  ["compressed date with clock", "20240102 10:00:00.546593", "<date>"],
  ["RFC 1123", "Tue, 02 Jan 2024 10:00:00 GMT", "<date>"],
  ["RFC 1123 with numeric zone", "Tue, 02 Jan 2024 10:00:00 -0700", "<date>"],
  ["RFC 822", "Tue, 02 Jan 24 10:00 MST", "<date>"],
  ["RFC 850", "Tuesday, 02-Jan-24 10:00:00 UTC", "<date>"],
  ["JavaScript Date.toString()", "Tue Jan 02 2024 10:00:00 GMT+0100 (Central European Standard Time)", "<date>"],
  ["JavaScript date without zone name", "Tue Jan 02 2024 10:00:00 GMT-0800", "<date>"],
  ["C asctime", "Tue Jan  2 10:00:00 2024", "<date>"],
  ["month day, year", "Jan 2, 2024", "<date>"],
  ["weekday month day, year", "Tue Jan 02, 2024", "<date>"],
  ["Python datetime repr", "datetime.datetime(2024, 1, 2, 10, 0, 0, 123456)", "<date>"],
  ["time", "10:00:00", "<date>"],
  ["time without seconds", "9:05", "<date>"],
  ["12-hour time", "10:30 PM", "<date>"],
  ["12-hour time, no space, lowercase", "7:15am", "<date>"],
  ["hour out of range", "25:00", "<int>:<int>"],
  ["seconds out of range", "10:00:75", "<int>:<int>:<int>"],
  ["too many hour digits", "123:45", "<int>:<int>"],
  ["invalid day", "2024-01-32", "<int>-<int>-<int>"],
  ["invalid month", "2024-13-01", "<int>-<int>-<int>"],
  ["five-digit year", "12024-01-02", "<int>-<int>-<int>"],
  // duration
  ["milliseconds", "150ms", "<duration>"],
  ["seconds", "30s", "<duration>"],
  ["fractional seconds", "1.5s", "<duration>"],
  ["milliseconds glued to a word (one-sided boundary, as in Sentry)", "10msg", "<duration>g"],
  // swift_txn_id
  ["Swift transaction id", "tx0123456789abcdef01234-0065a1b2c3", "<swift_txn_id>"],
  ["Swift transaction id with suffix", "tx0123456789abcdef01234-0065a1b2c3-cluster01", "<swift_txn_id>"],
  // hex
  ["0x hex", "0xdeadbeef", "<hex>"],
  ["0x hex, short and uppercase", "0X1F", "<hex>"],
  ["4-char hex with digit and letter", "ab12", "<hex>"],
  ["6-char uppercase hex", "FF00AA", "<hex>"],
  ["8+ hex letters only", "deadbeef", "<hex>"],
  ["mixed-case hex is not hex", "DeadBeef", "DeadBeef"],
  ["short hex-letter word stays", "face", "face"],
  ["3-char hex stays", "a1b", "a1b"],
  ["8-digit number is hex", "12345678", "<hex>"],
  ["negative 8-digit number is hex", "-12345678", "<hex>"],
  ["128 hex chars", "c0".repeat(64), "<hex>"],
  // git_sha
  ["git sha", "commit a93c7d2", "commit <git_sha>"],
  ["7 hex letters are a word", "commit acefade", "commit acefade"],
  ["uppercase 7-char sha is not a git sha", "commit A93C7D2", "commit A93C7D2"],
  ["7 digits are an int", "commit 1234567", "commit <int>"],
  // float, int
  ["float", "3.14", "<float>"],
  ["negative float", "-0.5", "<float>"],
  ["version number", "1.2.3", "<float>.<int>"],
  ["ints in a list", "testing testing 1, 2, 3", "testing testing <int>, <int>, <int>"],
  ["trailing int", "Test 1", "Test <int>"],
  ["7-digit int", "1234567", "<int>"],
  ["negative int", "-12", "<int>"],
  ["negative int after a colon", "offset:-42", "offset:<int>"],
  ["hyphen inside a word is not a minus", "utf-8", "utf-<int>"],
  ["hyphen between numbers", "555-1234", "<int>-<int>"],
  ["int after #", "ticket (#4711)", "ticket (#<int>)"],
  ["thousands separators", "1,000,000", "<int>,<int>,<int>"],
  // quoted_str, bool
  ["single-quoted value", "key='value'", "key=<quoted_str>"],
  ["double-quoted value", 'key="some value 42"', "key=<quoted_str>"],
  ["quoted value with spaces around =", "key = 'value'", "key = 'value'"],
  ["mismatched quotes", `key='value"`, `key='value"`],
  ["bool after =", "a=true", "a=<bool>"],
  ["capitalised bool after =", "enabled=False", "enabled=<bool>"],
  ["bool with spaces around =", "a = true", "a = true"],
  ["bare bool", "true", "true"],
  // Unicode: Python's \b, \d and \w are Unicode-aware
  ["digits after an accented letter", "café123", "café123"],
  ["digits inside Japanese text", "ユーザー123が", "ユーザー123が"],
  ["Arabic-Indic digits", "code ١٢٣", "code <int>"],
  ["digits after a combining mark", "e\u0301123", "e\u0301<int>"],
  // nothing to replace
  ["plain text", "Cannot read properties of undefined", "Cannot read properties of undefined"],
];

describe("normalizeMessageForGrouping: parameters", () => {
  it.each(parameterCases)("%s", (_name, input, expected) => {
    expect(normalizeMessageForGrouping(input)).toBe(expected);
  });

  // Like Sentry's own test: a value must be recognised the same way with text around it.
  it.each(parameterCases)("%s, with surrounding text", (_name, input, expected) => {
    expect(normalizeMessageForGrouping(`prefix ${input}`)).toBe(`prefix ${expected}`);
    expect(normalizeMessageForGrouping(`${input} suffix`)).toBe(`${expected} suffix`);
    expect(normalizeMessageForGrouping(`prefix ${input} suffix`)).toBe(`prefix ${expected} suffix`);
  });

  it("replaces several kinds of values in one message", () => {
    expect(normalizeMessageForGrouping("User maisey@example.org (id 42) failed at 2024-01-02 10:00:00 from 10.1.2.3 after 150ms")).toBe(
      "User <email> (id <int>) failed at <date> from <ip> after <duration>",
    );
  });
});

/** [name, input, expected] for the first-two-non-blank-lines rule. */
const lineCases: [string, string, string][] = [
  ["single line is unchanged", "Something broke 1", "Something broke <int>"],
  ["two lines are unchanged", "first line\nsecond line", "first line\nsecond line"],
  ["three lines keep the first two", "first\nsecond\nthird", "first\nsecond..."],
  ["blank lines are skipped", "first\n\n   \nsecond\nthird", "first\nsecond..."],
  ["CRLF becomes LF, which counts as a change", "first\r\nsecond", "first\nsecond..."],
  ["lone CR splits lines", "first\rsecond", "first\nsecond..."],
  ["Unicode line separators split lines", "first\u2028second\x85third", "first\nsecond..."],
  ["a trailing newline counts as a change", "only line\n", "only line..."],
  ["leading blank lines are dropped", "\n\t\nfirst", "first..."],
  ["indentation of a kept line is preserved", "  indented\nnext", "  indented\nnext"],
  ["parameters are replaced after trimming", "took 5ms\nretry 2\nretry 3", "took <duration>\nretry <int>..."],
  ["empty message", "", ""],
];

describe("normalizeMessageForGrouping: lines", () => {
  it.each(lineCases)("%s", (_name, input, expected) => {
    expect(normalizeMessageForGrouping(input)).toBe(expected);
  });
});
