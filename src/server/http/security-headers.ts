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
