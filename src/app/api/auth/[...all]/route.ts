import { getAuth } from "@/server/auth/get-auth";
import { servedAuthPaths } from "@/server/auth/create-auth";
import { getConfig } from "@/server/config";

const basePath = "/api/auth";

/**
 * better-auth's HTTP handler, for the OIDC callback only (`servedAuthPaths`, when a provider is configured).
 * Every other path under /api/auth — sign-up, password sign-in, session and account endpoints — is a 404:
 * Lantern's own pages and actions call better-auth's server API, with their own throttling and audit.
 */
async function serveAuthPath(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const isServed = getConfig().auth.oidc !== null && servedAuthPaths.some((served) => path === `${basePath}${served}`);
  if (!isServed) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const auth = await getAuth();
  return auth.handler(request);
}

// The callback is a GET; a provider using response_mode=form_post POSTs it (better-auth turns that into a GET).
export const GET = serveAuthPath;
export const POST = serveAuthPath;
