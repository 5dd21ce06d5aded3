import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * `Lantern-Signature: sha256=<hex>`: HMAC-SHA256 of the exact body bytes under the channel's secret, so a
 * receiver can tell the POST came from this Lantern and was not altered. Receivers must hash the raw body
 * as received, before any JSON parsing (docs/alerts.md shows how).
 */
export function signWebhookBody(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** Whether `signature` (the header's value) is the body's signature under `secret`, compared in constant time. */
export function verifyWebhookSignature(body: string | Buffer, secret: string, signature: string): boolean {
  const expected = Buffer.from(signWebhookBody(body, secret));
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
