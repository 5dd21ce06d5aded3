import { z } from "zod";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { suggestLogSearchTerms } from "@/server/logs/suggest-log-search-terms";

const input = z.object({
  query: z.string().max(2000, "query: at most 2,000 characters.").default(""),
  cursor: z.coerce.number({ message: "cursor: a number (where the caret is in query)." }).int("cursor: a whole number.").min(0, "cursor: 0 or more.").max(2000, "cursor: at most 2,000."),
  projectId: z.coerce.number({ message: "projectId: a number." }).int("projectId: a whole number.").positive("projectId: a positive number.").optional(),
});

/** GET /logs/suggest?query=…&cursor=…[&projectId=…] — the logs explorer's autocomplete (suggest-log-search-terms.ts). */
export async function GET(request: Request): Promise<Response> {
  const context = await getAppContext();
  const params = new URL(request.url).searchParams;
  if ([...params.keys()].length > 3) return Response.json({ error: "Pass only query, cursor and projectId." }, { status: 400 });
  const parsed = input.safeParse(Object.fromEntries(params));
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message ?? "Pass query, cursor and projectId." }, { status: 400 });
  const { query, cursor, projectId } = parsed.data;
  try {
    return Response.json(await suggestLogSearchTerms(context, { projectId, text: query, cursor }), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return Response.json({ error: "No such project." }, { status: 404 });
    throw error;
  }
}
