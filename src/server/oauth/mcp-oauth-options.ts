import { createHash } from "node:crypto";
import { mcp } from "@better-auth/mcp";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { LanternConfig } from "../config";

/** The prefix of OAuth access tokens, so that /mcp tells them from Lantern API tokens (`sntrys_`, `lnt_`). */
export const oauthAccessTokenPrefix = "lantern_oat_";
const refreshTokenPrefix = "lantern_ort_";

/** The scopes an MCP client may ask for: Lantern's `read` and `write` (never admin or upload); offline_access for refresh tokens. */
export const oauthScopes = ["read", "write", "offline_access"] as const;

/** Access tokens live an hour; the refresh token (rotated on use) thirty days. */
const accessTokenSeconds = 60 * 60;
const refreshTokenSeconds = 60 * 60 * 24 * 30;

/** Dynamic registration is anonymous input: bounded. */
export const registrationLimits = { redirectUris: 5, redirectUriLength: 512, clientNameLength: 100, bodyBytes: 16 * 1024 };

/** The canonical resource of Lantern's MCP server: tokens are bound to it (RFC 8707 audience). */
export function mcpResource(config: LanternConfig): string {
  return `${config.publicUrl}/mcp`;
}

/**
 * MCP clients need an HTTPS resource (or a loopback one for development): the MCP plugin refuses any other,
 * so an instance served over plain HTTP on a LAN name runs without OAuth (API tokens still work on /mcp).
 */
export function isMcpOAuthAvailable(config: LanternConfig): boolean {
  const url = new URL(config.publicUrl);
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(url.hostname));
}

/** Tokens are stored as their SHA-256, hex: one indexed lookup finds an access token (authenticate-oauth-access-token.ts). */
export function hashOAuthToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const columns = (...names: string[]) => Object.fromEntries(names.map((name) => [name, snake(name)]));

/** The plugin's tables under Lantern's names and snake_case columns (migration 0035). */
const oauthSchema = {
  oauthClient: {
    modelName: "oauth_clients",
    fields: { requirePKCE: "require_pkce", ...columns("clientId", "clientSecret", "clientDiscoveryId", "skipConsent", "enableEndSession", "subjectType", "clientCredentialsScopes", "userId", "createdAt", "updatedAt", "softwareId", "softwareVersion", "softwareStatement", "redirectUris", "postLogoutRedirectUris", "backchannelLogoutUri", "backchannelLogoutSessionRequired", "tokenEndpointAuthMethod", "applicationType", "jwksUri", "grantTypes", "responseTypes", "dpopBoundAccessTokens", "referenceId") },
  },
  oauthResource: {
    modelName: "oauth_resources",
    fields: columns("accessTokenTtl", "refreshTokenTtl", "signingAlgorithm", "signingKeyId", "allowedScopes", "customClaims", "dpopBoundAccessTokensRequired", "createdAt", "updatedAt", "policyVersion"),
  },
  oauthClientResource: { modelName: "oauth_client_resources", fields: columns("clientId", "resourceId", "createdAt") },
  oauthRefreshToken: {
    modelName: "oauth_refresh_tokens",
    fields: columns("clientId", "sessionId", "userId", "referenceId", "authorizationCodeId", "requestedUserInfoClaims", "expiresAt", "createdAt", "rotatedAt", "rotationReplayResponse", "rotationReplayExpiresAt", "authTime"),
  },
  oauthAccessToken: {
    modelName: "oauth_access_tokens",
    fields: columns("clientId", "sessionId", "userId", "referenceId", "authorizationCodeId", "requestedUserInfoClaims", "refreshId", "expiresAt", "createdAt"),
  },
  oauthConsent: { modelName: "oauth_consents", fields: columns("clientId", "userId", "referenceId", "requestedUserInfoClaims", "createdAt", "updatedAt") },
  oauthClientAssertion: { modelName: "oauth_client_assertions", fields: columns("expiresAt") },
};

/**
 * better-auth's MCP plugin (on its OAuth 2.1 provider): authorization-server and protected-resource metadata,
 * dynamic registration of public clients, authorize with PKCE S256, token (authorization_code,
 * refresh_token), revoke. Tokens are opaque (no JWT plugin): revoking one in Settings ends it at once, which a
 * signed token would not. Sign-in is Lantern's /sign-in, reached through its /oauth/consent page.
 */
export function mcpOAuthPlugin(config: LanternConfig) {
  const resource = mcpResource(config);
  return mcp({
    resource,
    // Both to the consent page: it sends a signed-out user to Lantern's /sign-in and back, with the signed
    // request intact (the plugin's own login continuation needs its sign-in endpoints, which Lantern keeps closed).
    loginPage: "/oauth/consent",
    consentPage: "/oauth/consent",
    schema: oauthSchema,
    scopes: [...oauthScopes],
    advertisedMetadata: { scopes_supported: ["read", "write", "offline_access"] },
    disableJwtPlugin: true,
    grantTypes: ["authorization_code", "refresh_token"],
    allowDynamicClientRegistration: true,
    allowUnauthenticatedClientRegistration: true,
    clientRegistrationDefaultScopes: [...oauthScopes],
    accessTokenExpiresIn: accessTokenSeconds,
    refreshTokenExpiresIn: refreshTokenSeconds,
    storeTokens: { hash: (token) => hashOAuthToken(token) },
    prefix: { opaqueAccessToken: oauthAccessTokenPrefix, refreshToken: refreshTokenPrefix },
  });
}

function refuse(description: string): never {
  throw new APIError("BAD_REQUEST", { error: "invalid_client_metadata", error_description: description });
}

function isAllowedRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]");
}

/**
 * Lantern's bounds on dynamic registration, before the plugin reads it: public clients only, a few short
 * redirect URIs that are https or loopback http (MCP clients listen on http://127.0.0.1:<port>/callback), a
 * short plain-text name.
 */
export const boundClientRegistration = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== "/oauth2/register") return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const redirectUris = body.redirect_uris;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0) refuse("redirect_uris is required.");
  if (redirectUris.length > registrationLimits.redirectUris) refuse(`At most ${registrationLimits.redirectUris} redirect_uris.`);
  for (const uri of redirectUris) {
    if (typeof uri !== "string" || uri.length > registrationLimits.redirectUriLength) refuse(`Each redirect URI is a string of at most ${registrationLimits.redirectUriLength} characters.`);
    if (!isAllowedRedirectUri(uri)) refuse("Redirect URIs are https, or http on 127.0.0.1, localhost or [::1].");
  }
  const method = body.token_endpoint_auth_method;
  if (method !== undefined && method !== "none") refuse("Only public clients register here (token_endpoint_auth_method: none).");
  const name = body.client_name;
  if (name !== undefined && (typeof name !== "string" || name.length > registrationLimits.clientNameLength)) refuse(`client_name is at most ${registrationLimits.clientNameLength} characters.`);
  for (const field of ["client_uri", "logo_uri", "tos_uri", "policy_uri", "jwks_uri", "software_statement"]) {
    const value = body[field];
    if (value !== undefined && (typeof value !== "string" || value.length > registrationLimits.redirectUriLength)) refuse(`${field} is at most ${registrationLimits.redirectUriLength} characters.`);
  }
  if (body.jwks !== undefined) refuse("Public clients register no keys.");
  // MCP clients rarely say they are native apps; a client whose redirects are all loopback is one (RFC 8252),
  // and the plugin accepts loopback http only from native clients.
  const allLoopback = redirectUris.every((uri: string) => new URL(uri).protocol === "http:");
  if (body.application_type === undefined && allLoopback) return { context: { body: { ...body, application_type: "native" } } };
});
