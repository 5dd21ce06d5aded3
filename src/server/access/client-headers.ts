/**
 * Headers Lantern's own server sets on every request it hands to Next (after removing any a client sent):
 * the client's address (X-Forwarded-For only from trusted proxies) and the path asked for, so that a
 * sign-in redirect can come back to it.
 */
export const clientAddressHeader = "x-lantern-client-ip";
export const requestPathHeader = "x-lantern-path";

/** A `next` path is followed only when it is a path on this site (never `//other.example` or a URL). */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || value.length > 2000) return "/projects";
  if (value.startsWith("/sign-in") || value.startsWith("/setup")) return "/projects";
  return value;
}
