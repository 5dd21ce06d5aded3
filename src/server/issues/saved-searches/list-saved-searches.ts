import { authorize, authorizeProjectId, type AccessContext } from "../../access/authorize";
import { savedSearchOf, type SavedSearch } from "./saved-search";

/**
 * The saved searches one list shows as tabs: the viewer's own and the shared ones, of that project (or of
 * the all-projects list when `projectId` is null), oldest first so tabs keep their place.
 */
export async function listSavedSearches(context: AccessContext, input: { projectId: number | null }): Promise<SavedSearch[]> {
  if (input.projectId === null) authorize(context, "saved_search.list");
  else await authorizeProjectId(context, "saved_search.list", input.projectId);
  const { projectId } = input;
  const rows = await context.db
    .selectFrom("saved_searches")
    .selectAll()
    .where((eb) => (projectId === null ? eb("project_id", "is", null) : eb("project_id", "=", projectId)))
    .where((eb) => eb.or([eb("owner_user_id", "=", context.viewer.userId), eb("is_shared", "=", 1)]))
    .orderBy("id")
    .limit(200)
    .execute();
  return rows.map((row) => savedSearchOf(row, context.viewer.userId));
}
