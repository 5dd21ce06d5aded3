import type { IncomingMessage } from "node:http";
import { isIP, SocketAddress } from "node:net";
import proxyaddr from "proxy-addr";

type Trust = (address: string, hop: number) => boolean;

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
    // proxy-addr's parser also takes octal, hex and single-number IPv4 forms ("012.1.1.1" is 10.1.1.1);
    // only the plain forms that a proxy writes count as a trusted hop.
    trust = (address, hop) => isIP(address) !== 0 && inRanges(address, hop);
    compiledTrust.set(trustedProxies, trust);
  }
  return trust;
}

function canonicalAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return null;
  const canonical = new SocketAddress({ address, family: "ipv6" }).address;
  const mapped = canonical.startsWith("::ffff:") ? canonical.slice("::ffff:".length) : null;
  return mapped !== null && isIP(mapped) === 4 ? mapped : canonical;
}
