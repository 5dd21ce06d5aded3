import { authorizeProject, authorizeProjectId, type AccessContext } from "../../access/authorize";
import type { Verb } from "../../access/policy";
import { isAppError } from "../../errors";
import type { ProjectWithKeys } from "../../projects/get-project-by-slug";

/** Sentry's `{project_id_or_slug}`: a slug, or else a numeric id; hidden projects are 404s like missing ones. */
export async function authorizeProjectRef(context: AccessContext, verb: Verb, ref: string): Promise<ProjectWithKeys> {
  try {
    return await authorizeProject(context, verb, ref);
  } catch (error) {
    if (!(isAppError(error) && error.code === "not_found" && /^\d{1,15}$/.test(ref))) throw error;
  }
  const project = await authorizeProjectId(context, verb, Number(ref));
  return authorizeProject(context, verb, project.slug);
}
