import { redirect } from "next/navigation";
import { headerSearchDestination } from "@/lib/header-search-destination";
import { getAppContext } from "@/server/app-context";

/**
 * GET /search?q=…[&project=slug] — the header's search box (a plain form, so it works on every page before
 * any script): a digest goes to the digest lookup, anything else to the issue search of the project the box
 * was on (whose page decides whether the viewer may see it), else of every project. Signed-in people only,
 * like the pages it leads to.
 */
export async function GET(request: Request): Promise<Response> {
  await getAppContext();
  const params = new URL(request.url).searchParams;
  redirect(headerSearchDestination(params.get("q") ?? "", params.get("project")));
}
