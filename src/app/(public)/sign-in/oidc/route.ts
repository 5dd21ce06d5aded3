import { safeReturnPath } from "@/server/access/client-headers";
import { getAuth } from "@/server/auth/get-auth";
import { startOidcSignIn } from "@/server/auth/start-oidc-sign-in";
import { getConfig } from "@/server/config";

/**
 * GET /sign-in/oidc[?next=/path]: the sign-in page's "Sign in with …" link. Sends the browser to the
 * OpenID Connect provider with better-auth's state cookie; the provider sends it back to
 * /api/auth/callback/oidc. 404 when no provider is configured.
 */
export async function GET(request: Request): Promise<Response> {
  if (!getConfig().auth.oidc) return new Response("Single sign-on is not configured.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const next = new URL(request.url).searchParams.get("next");
  const { location, cookies } = await startOidcSignIn(await getAuth(), safeReturnPath(next));
  const response = new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store" } });
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
}
