import { NextResponse, type NextRequest } from "next/server";

export function proxy(request: NextRequest): NextResponse {
  if (request.nextUrl.pathname === "/proxy-error") throw new Error("Fixture proxy failure: no session store");
  return NextResponse.next();
}

export const config = { matcher: ["/proxy-error"] };
