import { getAuth } from "@/server/auth/get-auth";

/**
 * POST /sign-out: ends this browser's session and goes to the sign-in page. A plain form posts here, so
 * the shell's button works on pages of both routers; the session cookie is SameSite=Lax, so another
 * site cannot sign anyone out.
 */
export async function POST(request: Request): Promise<Response> {
  const auth = await getAuth();
  const response = new Response(null, { status: 303, headers: { Location: "/sign-in" } });
  try {
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  } catch {
    // No session: nothing to end.
  }
  return response;
}
