import { authorize, authorizeProjectId, type AccessContext } from "../../access/authorize";
import { visibleProjectIds } from "../../access/viewer";
import { savedSearchOf, type SavedSearch, type SavedSearchKind } from "./saved-search";

export interface ListSavedSearchesInput {
  /** The project's list, or (null) the all-projects list. */
  projectId: number | null;
  /**
   * On the all-projects list: the searches of every project the viewer sees too, each of which opens with its
   * project chosen (a search saved there with a project chosen is that project's search), as Sentry's issue
   * views keep their projects. Without it, only the searches of no project.
   */
  withProjects?: boolean;
  /** The issue list's searches (default) or the logs explorer's. */
  kind?: SavedSearchKind;
}

/**
 * The saved searches one list shows as tabs: the viewer's own and the shared ones, of that project (or of
 * the all-projects list when `projectId` is null), oldest first so tabs keep their place.
 */
export async function listSavedSearches(context: AccessContext, input: ListSavedSearchesInput): Promise<SavedSearch[]> {
  if (input.projectId === null) authorize(context, "saved_search.list");
  else await authorizeProjectId(context, "saved_search.list", input.projectId);
  const { projectId } = input;
  const visible = visibleProjectIds(context.viewer);
  const rows = await context.db
    .selectFrom("saved_searches")
    .selectAll()
    .where((eb) => {
      if (projectId !== null) return eb("project_id", "=", projectId);
      if (!input.withProjects) return eb("project_id", "is", null);
      if (visible === null) return eb.lit(true);
      return eb.or([eb("project_id", "is", null), eb("project_id", "in", visible.length > 0 ? visible : [-1])]);
    })
    .where((eb) => eb.or([eb("owner_user_id", "=", context.viewer.userId), eb("is_shared", "=", 1)]))
    .where("kind", "=", input.kind ?? "issues")
    .orderBy("id")
    .limit(200)
    .execute();
  return rows.map((row) => savedSearchOf(row, context.viewer.userId));
}
