import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers";

describe("securityHeaders", () => {
  it("denies framing and sniffing and limits referrers everywhere", () => {
    expect(securityHeaders("http://localhost:3000")).toMatchObject({ "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin" });
  });

  it("adds HSTS only when Lantern is served over HTTPS", () => {
    expect(securityHeaders("http://localhost:3000")["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders("https://lantern.example.com")["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
  });
});
