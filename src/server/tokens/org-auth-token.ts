import { randomBytes } from "node:crypto";
import type { LanternConfig } from "../config";

/**
 * Sentry's org auth token format, which sentry-cli and the bundler plugins recognise: `sntrys_` + standard
 * base64 (padded) of a JSON payload + `_` + a secret of 32 random bytes in standard base64 without padding.
 * Standard base64 has no `_`, so the whole token holds exactly two, as Sentry's parser and sentry-cli's
 * (`src/utils/auth_token/org_auth_token.rs`) require. sentry-cli takes its base URL from `url` and its default
 * organization from `org`, so `SENTRY_AUTH_TOKEN` alone configures it (shared docs: telemetry-protocol.md §6).
 */
export const orgAuthTokenPrefix = "sntrys_";

const secretBytes = 32;

/** Where the token's holder reaches this instance, and the organization slug its API paths use. */
export interface TokenIssuer {
  /** This instance's public URL without a trailing slash (sentry-cli compares it with `--url` as a string). */
  url: string;
  org: string;
}

/** This instance as its tokens name it: the configured public URL (LANTERN_URL) and organization slug (LANTERN_ORG_SLUG). */
export function tokenIssuerOf(config: LanternConfig): TokenIssuer {
  return { url: config.publicUrl, org: config.auth.organizationSlug };
}

export interface OrgAuthTokenPayload {
  iat: number;
  url: string;
  region_url: string;
  org: string;
}

export function issueOrgAuthToken(issuer: TokenIssuer, now = Date.now()): { token: string; secret: string } {
  // A Lantern instance is one region: its API is at the same URL (organization.ts links regionUrl there too).
  const payload: OrgAuthTokenPayload = { iat: now / 1000, url: issuer.url, region_url: issuer.url, org: issuer.org };
  const encodedPayload = Buffer.from(JSON.stringify(payload), "utf8").toString("base64");
  const secret = randomBytes(secretBytes).toString("base64").replace(/=+$/, "");
  return { token: `${orgAuthTokenPrefix}${encodedPayload}_${secret}`, secret };
}

/**
 * The payload of a token in this format, or null when it is not one (wrong prefix, not three segments, payload
 * not base64 JSON with the fields, secret not 32 bytes). Authentication does not need it — the hash decides —
 * but it says what a token will tell sentry-cli.
 */
export function readOrgAuthToken(token: string): OrgAuthTokenPayload | null {
  if (!token.startsWith(orgAuthTokenPrefix)) return null;
  const segments = token.slice(orgAuthTokenPrefix.length).split("_");
  if (segments.length !== 2) return null;
  const [encodedPayload, secret] = segments as [string, string];
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encodedPayload) || encodedPayload.length % 4 !== 0) return null;
  if (!/^[A-Za-z0-9+/]+$/.test(secret) || Buffer.from(secret, "base64").length !== secretBytes) return null;
  try {
    const payload = JSON.parse(Buffer.from(encodedPayload, "base64").toString("utf8")) as Partial<OrgAuthTokenPayload> | null;
    if (typeof payload?.iat !== "number" || typeof payload.url !== "string" || typeof payload.region_url !== "string" || typeof payload.org !== "string") return null;
    return { iat: payload.iat, url: payload.url, region_url: payload.region_url, org: payload.org };
  } catch {
    return null;
  }
}
