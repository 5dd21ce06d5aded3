import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhookBody, verifyWebhookSignature } from "./sign-webhook-body";

describe("signWebhookBody", () => {
  const body = Buffer.from(JSON.stringify({ id: "d-1", headline: "New issue", title: "café ☕" }));

  it("is sha256= and the hex HMAC-SHA256 of the exact body bytes under the secret", () => {
    const expected = createHmac("sha256", "s3cret").update(body).digest("hex");
    expect(signWebhookBody(body, "s3cret")).toBe(`sha256=${expected}`);
    expect(signWebhookBody(body.toString("utf8"), "s3cret")).toBe(`sha256=${expected}`);
  });

  it("verifies the right signature and refuses a changed body, another secret or a malformed header", () => {
    const signature = signWebhookBody(body, "s3cret");
    expect(verifyWebhookSignature(body, "s3cret", signature)).toBe(true);
    expect(verifyWebhookSignature(Buffer.concat([body, Buffer.from(" ")]), "s3cret", signature)).toBe(false);
    expect(verifyWebhookSignature(body, "other", signature)).toBe(false);
    expect(verifyWebhookSignature(body, "s3cret", signature.slice(0, -1))).toBe(false);
    expect(verifyWebhookSignature(body, "s3cret", signature.replace("sha256=", "sha1="))).toBe(false);
    expect(verifyWebhookSignature(body, "s3cret", "")).toBe(false);
  });
});
