import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createCspNonce, readCspNonce, securityHeaders } from "./security-headers";

describe("securityHeaders", () => {
  it("denies framing and sniffing and limits referrers everywhere", () => {
    expect(securityHeaders("http://localhost:3000")).toMatchObject({ "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin" });
  });

  it("adds HSTS only when Lantern is served over HTTPS", () => {
    expect(securityHeaders("http://localhost:3000")["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders("https://lantern.example.com")["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("contentSecurityPolicy", () => {
  it("lets only scripts with the response's nonce (and what they load) run, and nothing frame the page", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123==" });
    const directives = policy.split("; ");
    expect(directives).toContain("script-src 'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(directives).toContain("object-src 'none'");
    expect(directives).toContain("base-uri 'none'");
    expect(directives).toContain("frame-ancestors 'none'");
    expect(directives).toContain("connect-src 'self'");
    expect(directives).toContain("form-action 'self'");
    expect(policy).not.toMatch(/unsafe-eval|\*/);
  });

  it("lets a form post to the OIDC provider when one is configured", () => {
    expect(contentSecurityPolicy({ nonce: "n", formActionOrigins: ["https://id.example.com"] })).toContain("form-action 'self' https://id.example.com;");
  });
});

describe("createCspNonce and readCspNonce", () => {
  it("makes a different 128-bit nonce each time, which reads back from the policy", () => {
    const first = createCspNonce();
    const second = createCspNonce();
    expect(first).not.toBe(second);
    expect(Buffer.from(first, "base64")).toHaveLength(16);
    expect(readCspNonce(contentSecurityPolicy({ nonce: first }))).toBe(first);
  });

  it("reads no nonce from a missing header or one without a script nonce", () => {
    expect(readCspNonce(undefined)).toBeUndefined();
    expect(readCspNonce(["script-src 'nonce-a'"])).toBeUndefined();
    expect(readCspNonce("default-src 'self'; style-src 'nonce-abc'")).toBeUndefined();
  });
});
