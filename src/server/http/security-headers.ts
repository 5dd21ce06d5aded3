import { randomBytes } from "node:crypto";

/**
 * Response headers every dashboard response carries: no framing (clickjacking), no MIME sniffing, no
 * full URLs (which can hold issue ids and queries) leaking to other sites, and HSTS once Lantern is served
 * over HTTPS (decided by `LANTERN_URL`, read at start, since a proxy usually terminates TLS).
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
  if (publicUrl.startsWith("https://")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** 128 random bits, new for every response: a script runs only if it carries the nonce its page was sent with. */
export function createCspNonce(): string {
  return randomBytes(16).toString("base64");
}

export interface ContentSecurityPolicyOptions {
  nonce: string;
  /** Origins a form may post to besides Lantern itself (the OIDC provider a sign-in form redirects to). */
  formActionOrigins?: string[];
}

/**
 * The Content-Security-Policy of a dashboard response. Scripts run only with the response's nonce, and
 * what they load ('strict-dynamic': Next's chunks); `'self'` stays for browsers without nonce support.
 * Inline styles are allowed (React style attributes, the charts) — they cannot run code. Nothing is
 * fetched from another origin: the browser SDK posts to the same-origin `/monitoring`, and no URL found
 * in an event is ever loaded. Next reads the nonce from this header on the request (lantern start sets
 * it there and on the response) and puts it on its own scripts.
 */
export function contentSecurityPolicy({ nonce, formActionOrigins = [] }: ContentSecurityPolicyOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...formActionOrigins].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

const noncePattern = /(?:^|;)\s*script-src\s[^;]*'nonce-([A-Za-z0-9+/_-]+={0,2})'/;

/** The nonce in a request's Content-Security-Policy header (what the layout and `_document` hand to their inline scripts). */
export function readCspNonce(policy: string | string[] | null | undefined): string | undefined {
  if (typeof policy !== "string") return undefined;
  return noncePattern.exec(policy)?.[1];
}
