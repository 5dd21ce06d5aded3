import { authorizeProject, authorizeProjectId, type AccessContext } from "../../access/authorize";
import type { Permission } from "../../access/viewer";
import { isAppError } from "../../errors";
import type { ProjectWithKeys } from "../../projects/get-project-by-slug";

/** Sentry's `{project_id_or_slug}`: a slug, or else a numeric id; hidden projects are 404s like missing ones. */
export async function authorizeProjectRef(context: AccessContext, ref: string, permission: Permission): Promise<ProjectWithKeys> {
  try {
    return await authorizeProject(context, ref, permission);
  } catch (error) {
    if (!(isAppError(error) && error.code === "not_found" && /^\d{1,15}$/.test(ref))) throw error;
  }
  const project = await authorizeProjectId(context, Number(ref), permission);
  return authorizeProject(context, project.slug, permission);
}
