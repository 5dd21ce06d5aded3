import { betterAuth, type BetterAuthOptions } from "better-auth";
import { nextCookies } from "better-auth/next-js";
import { genericOAuth } from "better-auth/plugins";
import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { boundClientRegistration, isMcpOAuthAvailable, mcpOAuthPlugin } from "../oauth/mcp-oauth-options";
import { passwordResetUrl } from "./password-reset-url";
import { recordOidcSignIn } from "./record-oidc-sign-in";
import { sendMail } from "./send-mail";

const camelToSnake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const columns = (...names: string[]) => Object.fromEntries(names.map((name) => [name, camelToSnake(name)]));

/** The generic OAuth provider's id: it names better-auth's callback path, `/api/auth/callback/oidc`. */
export const oidcProviderId = "oidc";

/**
 * Paths under `/api/auth` that Lantern lets better-auth's HTTP handler answer: only the OIDC callback (the
 * provider sends the browser there). Sign-up, password sign-in and the rest stay closed; Lantern's own
 * throttled, audited actions and verbs call better-auth's server API instead.
 */
export const servedAuthPaths = [`/callback/${oidcProviderId}`] as const;

/**
 * The OAuth 2.1 endpoints of the MCP plugin (mcp-oauth-options.ts) that MCP clients call, served when the
 * instance's URL allows OAuth for MCP. The consent page answers through better-auth's server API (no HTTP endpoint for it).
 * The metadata documents are served at the site's root by their own routes (`/.well-known/...`).
 */
export const servedOAuthPaths = ["/oauth2/authorize", "/oauth2/token", "/oauth2/register", "/oauth2/revoke"] as const;

/**
 * better-auth over Lantern's own database connection and tables (snake_case columns, created by migration
 * 0007). Passwords are hashed with better-auth's scrypt; sessions live in the `sessions` table, so signing
 * out everywhere and revoking on password change take effect at once (no cookie cache).
 */
export function createAuth(database: LanternDatabase, config: LanternConfig, secret: string) {
  return betterAuth(authOptions(database, config, secret));
}

/** The options of createAuth, on their own so that a test can compare better-auth's schema with migration 0007. */
export function authOptions(database: LanternDatabase, config: LanternConfig, secret: string) {
  const { oidc } = config.auth;
  return {
    appName: "Lantern",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    telemetry: { enabled: false },
    database: { db: database.db, type: database.dialect },
    user: {
      modelName: "users",
      fields: columns("emailVerified", "createdAt", "updatedAt"),
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "member", input: false },
        // Read with every session, so pages know the header's environment without a query (0031).
        environmentFilter: { type: "string", required: false, input: false, fieldName: "environment_filter" },
      },
    },
    session: {
      modelName: "sessions",
      fields: columns("userId", "expiresAt", "ipAddress", "userAgent", "createdAt", "updatedAt"),
      expiresIn: 60 * 60 * 24 * 14,
      updateAge: 60 * 60 * 24,
    },
    account: {
      modelName: "accounts",
      fields: columns("userId", "accountId", "providerId", "accessToken", "refreshToken", "idToken", "accessTokenExpiresAt", "refreshTokenExpiresAt", "createdAt", "updatedAt"),
      // An OIDC sign-in joins the existing user with the same e-mail; it never creates one (invites do).
      // Lantern's users are made by an owner (setup, invites, CLI) and never verify their e-mail, so the
      // local-verification gate would refuse every link; it guards against a self-registered row waiting
      // for its victim, and Lantern has no self-registration.
      accountLinking: { enabled: true, trustedProviders: oidc ? [oidcProviderId] : [], requireLocalEmailVerified: false },
    },
    verification: {
      modelName: "verifications",
      fields: columns("expiresAt", "createdAt", "updatedAt"),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 10,
      maxPasswordLength: 256,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // The link opens Lantern's /reset-password page (better-auth's own link would go to its HTTP handler).
      sendResetPassword: async ({ user, token }) => {
        await sendMail(config, {
          to: user.email,
          subject: "Reset your Lantern password",
          text: `Someone asked to reset the password of ${user.email} on Lantern.\n\nSet a new password within an hour:\n${passwordResetUrl(config, token)}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
        });
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      cookiePrefix: "lantern",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: ["x-lantern-client-ip"] },
    },
    // A failed OIDC callback (refused e-mail, cancelled, expired state) lands on the sign-in page with ?error=.
    onAPIError: { errorURL: "/sign-in" },
    hooks: { before: boundClientRegistration, after: recordOidcSignIn(database.db) },
    // Password sign-in is throttled by Lantern (per account and per address, from the audit log).
    rateLimit: { enabled: true, window: 60, max: 30 },
    plugins: [
      ...(isMcpOAuthAvailable(config) ? [mcpOAuthPlugin(config)] : []),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: oidcProviderId,
                  discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  // HTTP Basic at the token endpoint: OIDC's default method, one every provider must accept
                  // (RFC 6749 §2.3.1); better-auth would otherwise post the secret in the body.
                  authentication: "basic",
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  disableImplicitSignUp: true,
                },
              ],
            }),
          ]
        : []),
      // Last, as better-auth asks: sets the session cookie from server actions.
      nextCookies(),
    ],
  } satisfies BetterAuthOptions;
}

export type Auth = ReturnType<typeof createAuth>;
