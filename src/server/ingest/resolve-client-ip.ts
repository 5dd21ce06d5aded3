import { isIP } from "node:net";

/**
 * The SDK's address: the socket's, or — only when the socket is a configured proxy — the first valid
 * entry of X-Forwarded-For. Trusting the header from anyone would let any client choose its IP.
 */
export function resolveClientIp(remoteAddress: string | undefined, forwardedFor: string | null, trustedProxies: string[]): string | null {
  const socket = stripIpv4Mapping(remoteAddress ?? "");
  if (socket && trustedProxies.includes(socket) && forwardedFor) {
    const first = forwardedFor
      .split(",")
      .map((entry) => stripIpv4Mapping(entry.trim()))
      .find((entry) => isIP(entry) !== 0);
    if (first) return first;
  }
  return isIP(socket) !== 0 ? socket : null;
}

function stripIpv4Mapping(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}
