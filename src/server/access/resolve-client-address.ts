import type { IncomingMessage } from "node:http";
import { isIP, SocketAddress } from "node:net";
import { LRUCache } from "lru-cache";
import proxyaddr from "proxy-addr";

type Trust = (address: string, hop: number) => boolean;

/** Room for this many addresses in each memo: about a megabyte, far more than one site's proxies and clients. */
const rememberedAddresses = 10_000;
/** "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255"; anything longer is not worth remembering. */
const longestAddress = 45;
const canonicalIpv6 = new LRUCache<string, string>({ max: rememberedAddresses });

// Keyed by the configuration's own array, which lives as long as the process: the trust function is
// compiled once, never on the ingest hot path.
const compiledTrust = new WeakMap<readonly string[], Trust>();

/**
 * The client's address as a proxy setup expects it, read the way `proxy-addr` reads it: walking
 * X-Forwarded-For from the right, past the socket and every hop inside `trustedProxies` (addresses, CIDR
 * ranges, or proxy-addr's `loopback`, `linklocal`, `uniquelocal`), the first address that is not trusted.
 * Entries to its left were written by the client and are never read, so a client cannot choose the address
 * Lantern records or throttles. An entry that is not an IP address is never trusted; if the walk stops at
 * one, the last address seen (a trusted hop's) stands in. IPv4-mapped IPv6 comes back as plain IPv4 and
 * IPv6 in its canonical form, so one client is one key. Null when the socket has no address (closed).
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | null | undefined, trustedProxies: readonly string[]): string | null {
  if (!socketAddress) return null;
  // Repeated header lines are one list, in order (RFC 9110 §5.3), as Headers.get joins them.
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(", ") : (forwardedFor ?? undefined);
  // The two fields proxy-addr reads (through `forwarded`): the socket's address and the header.
  const request = { socket: { remoteAddress: socketAddress }, headers: { "x-forwarded-for": header } } as unknown as IncomingMessage;
  const hops = proxyaddr.all(request, trustFor(trustedProxies));
  for (let index = hops.length - 1; index >= 0; index--) {
    const address = canonicalAddress(hops[index]!);
    if (address) return address;
  }
  return null;
}

function trustFor(trustedProxies: readonly string[]): Trust {
  let trust = compiledTrust.get(trustedProxies);
  if (!trust) {
    const inRanges = proxyaddr.compile([...trustedProxies]);
    // proxy-addr parses each hop with ipaddr.js, 1.5 µs for IPv4 and 10 µs or more for IPv6 per check; the
    // same few proxies and clients come back on every request, so the answers are remembered.
    const known = new LRUCache<string, boolean>({ max: rememberedAddresses });
    trust = (address, hop) => {
      let isTrusted = known.get(address);
      if (isTrusted === undefined) {
        // proxy-addr's parser also takes octal, hex and single-number IPv4 forms ("012.1.1.1" is
        // 10.1.1.1); only the plain forms that a proxy writes count as a trusted hop.
        isTrusted = isIP(address) !== 0 && inRanges(address, hop);
        if (address.length <= longestAddress) known.set(address, isTrusted);
      }
      return isTrusted;
    };
    compiledTrust.set(trustedProxies, trust);
  }
  return trust;
}

function canonicalAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return null;
  let canonical = canonicalIpv6.get(address);
  if (canonical === undefined) {
    const written = new SocketAddress({ address, family: "ipv6" }).address;
    const mapped = written.startsWith("::ffff:") ? written.slice("::ffff:".length) : null;
    canonical = mapped !== null && isIP(mapped) === 4 ? mapped : written;
    if (address.length <= longestAddress) canonicalIpv6.set(address, canonical);
  }
  return canonical;
}
