import { authorize, authorizeProjectId, type AccessContext } from "../../access/authorize";
import { canSeeProject } from "../../access/viewer";
import { AppError } from "../../errors";

/**
 * Deletes a saved search: the viewer's own, or a shared one (owners and admins). Another person's private
 * search, or one of a project the viewer cannot see, is not found — exactly like a missing id.
 */
export async function deleteSavedSearch(context: AccessContext, input: { savedSearchId: number }): Promise<void> {
  const { db, viewer } = context;
  const row = await db.selectFrom("saved_searches").select(["id", "owner_user_id", "project_id", "is_shared"]).where("id", "=", input.savedSearchId).executeTakeFirst();
  const projectId = row?.project_id == null ? null : Number(row.project_id);
  const isShared = Number(row?.is_shared) === 1;
  if (!row || (row.owner_user_id !== viewer.userId && !isShared) || (projectId !== null && !canSeeProject(viewer, projectId))) {
    throw new AppError("not_found", `No saved search has id ${input.savedSearchId}.`);
  }
  if (projectId === null) {
    if (isShared) authorize(context, "saved_search.share");
    else authorize(context, "saved_search.write");
  } else if (isShared) await authorizeProjectId(context, "saved_search.share", projectId);
  else await authorizeProjectId(context, "saved_search.write", projectId);
  await db.deleteFrom("saved_searches").where("id", "=", row.id).execute();
}
