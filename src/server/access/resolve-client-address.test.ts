import { isIP } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { resolveClientAddress } from "./resolve-client-address";

/** The list exactly as `lantern start` gets it, so the tests cover the configuration's parsing too. */
const trusted = (value: string) => loadConfig({ LANTERN_TRUSTED_PROXIES: value }).trustedProxies;

describe("resolveClientAddress", () => {
  it("records the socket's address and ignores X-Forwarded-For when no proxy is configured", () => {
    const none = trusted("");
    expect(resolveClientAddress("203.0.113.9", "198.51.100.1", none)).toBe("203.0.113.9");
    expect(resolveClientAddress("127.0.0.1", "198.51.100.1, 10.0.0.1", none)).toBe("127.0.0.1");
    expect(resolveClientAddress("2001:db8::9", "198.51.100.1", none)).toBe("2001:db8::9");
  });

  it("ignores X-Forwarded-For from a socket that is not a configured proxy", () => {
    expect(resolveClientAddress("203.0.113.9", "198.51.100.1", trusted("10.0.0.2"))).toBe("203.0.113.9");
  });

  it("through one trusted proxy, takes the hop the proxy appended, not the address the client wrote before it", () => {
    const proxy = trusted("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "198.51.100.7", proxy)).toBe("198.51.100.7");
    // The client sent "X-Forwarded-For: 1.1.1.1"; the proxy appended the address it saw.
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, 198.51.100.7", proxy)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, 10.0.0.2, 198.51.100.7", proxy)).toBe("198.51.100.7");
  });

  it("through two trusted proxies chained, walks past both and stops at the first untrusted hop", () => {
    const proxies = trusted("10.0.0.2, 10.0.0.3");
    // client 198.51.100.7 → proxy 10.0.0.3 → proxy 10.0.0.2 → Lantern; the client wrote "1.1.1.1, 10.0.0.3".
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, 10.0.0.3, 198.51.100.7, 10.0.0.3", proxies)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.2", "198.51.100.7, 10.0.0.3", proxies)).toBe("198.51.100.7");
    // Only one of the two is configured: the other is the client as far as Lantern knows.
    expect(resolveClientAddress("10.0.0.2", "198.51.100.7, 10.0.0.3", trusted("10.0.0.2"))).toBe("10.0.0.3");
  });

  it("trusts whole CIDR ranges, IPv4 and IPv6, and proxy-addr's named ranges", () => {
    expect(resolveClientAddress("10.20.30.40", "1.1.1.1, 198.51.100.7, 10.9.8.7", trusted("10.0.0.0/8"))).toBe("198.51.100.7");
    expect(resolveClientAddress("10.20.30.40", "198.51.100.7", trusted("10.0.0.0/16"))).toBe("10.20.30.40");
    expect(resolveClientAddress("fd12:3456::1", "1.1.1.1, 2001:db8::7, fd00:aaaa::2", trusted("fd00::/8"))).toBe("2001:db8::7");
    expect(resolveClientAddress("fd12:3456::1", "2001:db8::7", trusted("fd00::/16"))).toBe("fd12:3456::1");
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1, 198.51.100.7", trusted("loopback"))).toBe("198.51.100.7");
    expect(resolveClientAddress("192.168.1.10", "1.1.1.1, 198.51.100.7, 172.16.4.4", trusted("uniquelocal"))).toBe("198.51.100.7");
  });

  it("resolves IPv6 clients and proxies, in canonical form", () => {
    expect(resolveClientAddress("2001:db8::1", "1.1.1.1, 2001:DB8:0:0::7", trusted("2001:db8::1"))).toBe("2001:db8::7");
    expect(resolveClientAddress("::1", "2001:db8::1:2", trusted("::1"))).toBe("2001:db8::1:2");
    expect(resolveClientAddress("2001:db8::1", "198.51.100.7", trusted("2001:db8::/64"))).toBe("198.51.100.7");
    expect(resolveClientAddress("2001:DB8::0:9", null, trusted(""))).toBe("2001:db8::9");
  });

  it("reads IPv4-mapped IPv6 sockets and entries as the plain IPv4 address, for trust and for the record", () => {
    expect(resolveClientAddress("::ffff:203.0.113.9", null, trusted(""))).toBe("203.0.113.9");
    expect(resolveClientAddress("::ffff:10.0.0.2", "1.1.1.1, 198.51.100.7", trusted("10.0.0.2"))).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.2", "::ffff:198.51.100.7", trusted("10.0.0.0/8"))).toBe("198.51.100.7");
    expect(resolveClientAddress("::ffff:10.0.0.2", "::FFFF:c633:6407", trusted("10.0.0.2"))).toBe("198.51.100.7");
  });

  it("never trusts a garbage entry: the last address seen before it stands in", () => {
    const proxy = trusted("10.0.0.0/8");
    expect(resolveClientAddress("10.0.0.2", "unknown", proxy)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "198.51.100.7, garbage, 10.0.0.3", proxy)).toBe("10.0.0.3");
    expect(resolveClientAddress("10.0.0.2", "198.51.100.7:443", proxy)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "[2001:db8::7]", proxy)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", ",, ,", proxy)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "", proxy)).toBe("10.0.0.2");
    // proxy-addr's parser reads "012.0.0.1" as octal 10.0.0.1; a hop written like that is not a trusted one.
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, 012.0.0.1", proxy)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, 0x0a000001", proxy)).toBe("10.0.0.2");
  });

  it("remembers trust per configuration: a hop trusted by one list is not by another", () => {
    const wide = trusted("10.0.0.0/8");
    const narrow = trusted("10.0.0.2");
    for (let round = 0; round < 2; round++) {
      expect(resolveClientAddress("10.0.0.2", "198.51.100.7, 10.0.0.3", wide)).toBe("198.51.100.7");
      expect(resolveClientAddress("10.0.0.2", "198.51.100.7, 10.0.0.3", narrow)).toBe("10.0.0.3");
      expect(resolveClientAddress("10.0.0.3", "198.51.100.7", narrow)).toBe("10.0.0.3");
    }
  });

  it("reads repeated X-Forwarded-For lines as one list, in order", () => {
    expect(resolveClientAddress("10.0.0.2", ["1.1.1.1", "198.51.100.7"], trusted("10.0.0.2"))).toBe("198.51.100.7");
  });

  it("has no address for a closed socket", () => {
    expect(resolveClientAddress(undefined, "198.51.100.7", trusted("10.0.0.2"))).toBeNull();
    expect(resolveClientAddress("", null, trusted(""))).toBeNull();
  });

  it("never lets anything a client writes before its own hop change the result", () => {
    const proxies = trusted("10.0.0.0/8, 2001:db8:ffff::/48");
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 40 })), { maxLength: 8 }), fc.oneof(fc.constant("198.51.100.7"), fc.constant("2001:db8:1::7")), (spoofed, client) => {
        const header = [...spoofed, client, "10.1.1.1"].join(", ");
        expect(resolveClientAddress("2001:db8:ffff::2", header, proxies)).toBe(client);
      }),
    );
  });

  it("always returns an address Node accepts, never an IPv4-mapped one, whatever the header holds", () => {
    const proxies = trusted("10.0.0.0/8");
    const entry = fc.oneof(fc.ipV4(), fc.ipV4Extended(), fc.ipV6(), fc.constant("::ffff:10.0.0.9"), fc.string({ maxLength: 20 }));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 10 }), fc.constantFrom(",", ", ", " ,"), (entries, separator) => {
        const address = resolveClientAddress("10.0.0.2", entries.join(separator), proxies);
        expect(isIP(address ?? "")).not.toBe(0);
        expect(address).not.toMatch(/^::ffff:/i);
      }),
    );
  });
});
