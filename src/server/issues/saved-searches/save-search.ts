import { authorize, authorizeProjectId, type AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { parseLogQuery } from "../../logs/parse-log-search";
import { parseIssueQuery } from "../search/parse-issue-query";
import { maxSavedSearchesPerPerson, saveSearchInput, savedSearchOf, type SavedSearch } from "./saved-search";

/**
 * Saves the viewer's search as a tab of the issue list: of one project (which they must see) or of the
 * all-projects list. Anyone who may triage saves their own; sharing it with everyone is for owners and
 * admins. A query that does not parse is refused with the parser's reason, so a tab never opens on an error.
 */
export async function saveSearch(context: AccessContext, raw: unknown): Promise<SavedSearch> {
  const parsedInput = saveSearchInput.safeParse(raw);
  if (!parsedInput.success) throw new AppError("bad_request", parsedInput.error.issues[0]?.message ?? "Invalid saved search.");
  const input = parsedInput.data;
  if (input.projectId === null) {
    if (input.isShared) authorize(context, "saved_search.share");
    else authorize(context, "saved_search.write");
  } else if (input.isShared) await authorizeProjectId(context, "saved_search.share", input.projectId);
  else await authorizeProjectId(context, "saved_search.write", input.projectId);
  // A log search is checked by the log parser (which throws its reason as a bad_request) and kept as typed.
  let query = input.query;
  if (input.kind === "logs") parseLogQuery(query);
  else {
    const parsedQuery = parseIssueQuery(input.query);
    if (!parsedQuery.ok) throw new AppError("bad_request", parsedQuery.error.message);
    query = parsedQuery.query.text;
  }

  const { db, viewer } = context;
  const { count } = await db.selectFrom("saved_searches").select((eb) => eb.fn.countAll<number>().as("count")).where("owner_user_id", "=", viewer.userId).executeTakeFirstOrThrow();
  if (Number(count) >= maxSavedSearchesPerPerson) throw new AppError("conflict", `You already have ${maxSavedSearchesPerPerson} saved searches; delete one first.`);
  const row = await db
    .insertInto("saved_searches")
    .values({ owner_user_id: viewer.userId, project_id: input.projectId, name: input.name, query, sort: input.sort, is_shared: input.isShared ? 1 : 0, created_at: Date.now(), kind: input.kind })
    .returningAll()
    .executeTakeFirstOrThrow();
  return savedSearchOf(row, viewer.userId);
}
