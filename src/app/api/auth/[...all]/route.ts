import { getAuth } from "@/server/auth/get-auth";
import { servedAuthPaths, servedOAuthPaths } from "@/server/auth/create-auth";
import { getConfig } from "@/server/config";
import { serveOAuthRequest } from "@/server/oauth/serve-oauth-endpoints";

const basePath = "/api/auth";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * better-auth's HTTP handler, for the OIDC callback (`servedAuthPaths`, when a provider is configured) and the
 * OAuth endpoints MCP clients call (`servedOAuthPaths`: authorize, token, register, revoke).
 * Every other path under /api/auth — sign-up, password sign-in, session and account endpoints — is a 404:
 * Lantern's own pages and actions call better-auth's server API, with their own throttling and audit.
 */
async function serveAuthPath(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const config = getConfig();
  if (servedOAuthPaths.some((served) => path === `${basePath}${served}`)) return serveOAuthRequest(await getAuth(), config, request);
  const isServed = config.auth.oidc !== null && servedAuthPaths.some((served) => path === `${basePath}${served}`);
  if (!isServed) return notFound();
  const auth = await getAuth();
  return auth.handler(request);
}

// The callback is a GET; a provider using response_mode=form_post POSTs it (better-auth turns that into a GET).
export const GET = serveAuthPath;
export const POST = serveAuthPath;
