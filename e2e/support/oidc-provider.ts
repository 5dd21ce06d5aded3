import type { Server } from "node:http";
import Provider from "oidc-provider";
import { freePort } from "./lantern-process";

/**
 * A real OpenID Connect provider for the browser tests: panva's certified `oidc-provider`, on 127.0.0.1 in
 * the test process, with one confidential client (client_secret_basic, PKCE required) and its development
 * interactions — a login form that accepts any login and password, then a consent screen. The login
 * names the account: its e-mail is `<login>@lantern.test`, verified.
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export const testAccountDomain = "lantern.test";

export async function startOidcProvider(options: { redirectUri: string }): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "lantern-e2e";
  const clientSecret = "lantern-e2e-client-secret-0123456789";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    // A confidential client need not use PKCE by default; Lantern always does, and this proves it.
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@${testAccountDomain}`, email_verified: true, name: sub }),
    }),
    cookies: { keys: ["lantern-e2e-oidc-cookie-key-0123456789"] },
    features: { devInteractions: { enabled: true } },
  });
  const server: Server = await new Promise((resolveListening, reject) => {
    const listening = provider.listen(port, "127.0.0.1", () => resolveListening(listening));
    listening.once("error", reject);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolveClosed) => {
        server.closeAllConnections();
        server.close(() => resolveClosed());
      }),
  };
}
