import { redirect } from "next/navigation";
import { headerSearchDestination } from "@/lib/header-search-destination";
import { getAppContext } from "@/server/app-context";

/**
 * GET /search?q=… — the header's search box (a plain form, so it works on every page before any script):
 * a digest goes to the digest lookup, anything else to the issue search. Signed-in people only, like the
 * pages it leads to.
 */
export async function GET(request: Request): Promise<Response> {
  await getAppContext();
  redirect(headerSearchDestination(new URL(request.url).searchParams.get("q") ?? ""));
}
