import { describe, expect, it } from "vitest";
import { issueOrgAuthToken, readOrgAuthToken } from "./org-auth-token";

const issuer = { url: "https://lantern.example.com", org: "acme" };

describe("org auth tokens (sntrys_), as sentry-cli parses them", () => {
  it("is the prefix, a padded standard-base64 JSON payload and a 32-byte secret, with exactly two underscores", () => {
    // Many tokens, so base64's `+`, `/` and padding all turn up: none may bring a third `_` (base64url would).
    for (let index = 0; index < 200; index += 1) {
      const { token } = issueOrgAuthToken(issuer, 1_764_400_000_123);
      expect(token.split("_")).toHaveLength(3);
      const [prefix, payload, secret] = token.split("_") as [string, string, string];
      expect(prefix).toBe("sntrys");
      expect(payload).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(payload.length % 4).toBe(0);
      expect(secret).toMatch(/^[A-Za-z0-9+/]{43}$/);
      expect(Buffer.from(secret, "base64")).toHaveLength(32);
      expect(JSON.parse(Buffer.from(payload, "base64").toString("utf8"))).toEqual({ iat: 1_764_400_000.123, url: issuer.url, region_url: issuer.url, org: "acme" });
    }
  });

  it("gives every token its own secret", () => {
    const secrets = new Set(Array.from({ length: 50 }, () => issueOrgAuthToken(issuer).secret));
    expect(secrets.size).toBe(50);
  });

  it("reads back what a token tells sentry-cli, and nothing from what is not one", () => {
    const { token } = issueOrgAuthToken(issuer, 1_000);
    expect(readOrgAuthToken(token)).toEqual({ iat: 1, url: issuer.url, region_url: issuer.url, org: "acme" });
    const [, payload, secret] = token.split("_") as [string, string, string];
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
    for (const notOne of [
      "lnt_abcdef",
      `sntrys_${payload}`,
      `sntrys_${payload}_${secret}_extra`,
      `sntrys_${payload}_${secret.slice(0, 20)}`,
      `sntrys_${payload.replace(/=+$/, "")}x_${secret}`,
      `sntrys_${json(["not", "an", "object"])}_${secret}`,
      `sntrys_${json({ iat: 1, url: issuer.url, org: "acme" })}_${secret}`,
      `sntrys_${Buffer.from("not json").toString("base64")}_${secret}`,
    ]) {
      expect(readOrgAuthToken(notOne), notOne).toBeNull();
    }
  });
});
