/**
 * Headers for serving stored bytes from event data (attachments, the event's JSON) as a download. They
 * come from whoever holds a DSN, so they are never rendered by the browser as a page: always
 * `Content-Disposition: attachment`, `nosniff`, a sandboxing CSP, and a content type that is either one of
 * a few inert image/text types or `application/octet-stream` (never HTML, SVG or script).
 */
const inertTypes = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp", "text/plain", "text/csv", "application/json"]);
const textTypes = new Set(["text/plain", "text/csv", "application/json"]);

/** The type to serve for a stored content type: inert types as they are (text as UTF-8), anything else as bytes. */
export function downloadContentType(contentType: string | null): string {
  const essence = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!inertTypes.has(essence)) return "application/octet-stream";
  return textTypes.has(essence) ? `${essence}; charset=utf-8` : essence;
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): an ASCII fallback without quotes, slashes or
 * control characters, and the full name percent-encoded for browsers that read `filename*`.
 */
export function contentDisposition(filename: string): string {
  const cleaned = filename.replace(/[\u0000-\u001f\u007f/\\]/g, "_").trim().slice(0, 200) || "download";
  const fallback = cleaned.replace(/[^\x20-\x7e]/g, "_").replace(/["%;]/g, "_");
  const encoded = encodeURIComponent(cleaned).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function downloadHeaders(filename: string, contentType: string | null, size: number): Record<string, string> {
  return {
    "Content-Type": downloadContentType(contentType),
    "Content-Disposition": contentDisposition(filename),
    "Content-Length": String(size),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
  };
}
