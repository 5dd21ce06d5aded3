import { oidcProviderId, type Auth } from "./create-auth";

export interface OidcSignInStart {
  /** The provider's authorization URL (state, PKCE challenge and nonce in its query). */
  location: string;
  /** better-auth's Set-Cookie headers (the signed state cookie): the callback checks them. */
  cookies: string[];
}

/**
 * Starts an OpenID Connect sign-in through better-auth's social sign-in (the generic OAuth plugin registers
 * the provider as a social one): the state and PKCE verifier are stored, and the browser is to be sent to
 * the provider. After the callback it comes back to `returnPath`, or to /sign-in?error=… when refused.
 */
export async function startOidcSignIn(auth: Auth, returnPath: string): Promise<OidcSignInStart> {
  const { headers, response } = await auth.api.signInSocial({
    body: { provider: oidcProviderId, callbackURL: returnPath, errorCallbackURL: "/sign-in", disableRedirect: true },
    returnHeaders: true,
  });
  if (!response.url) throw new Error("better-auth returned no authorization URL for the OIDC provider");
  return { location: response.url, cookies: headers.getSetCookie() };
}
