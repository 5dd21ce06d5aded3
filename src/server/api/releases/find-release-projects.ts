import { authorize, type AccessContext } from "../../access/authorize";
import type { Verb } from "../../access/policy";
import { visibleProjectIds } from "../../access/viewer";
import { AppError } from "../../errors";
import { authorizeProjectRef } from "../projects/authorize-project-ref";

/**
 * The ids of the projects the viewer may see that have release `version` (on a project's path, that project
 * alone), if the viewer may `verb`: a release only in projects of other teams is a 404, exactly like one that
 * does not exist.
 */
export async function findReleaseProjects(context: AccessContext, verb: Verb, version: string, projectSlug?: string): Promise<number[]> {
  let query = context.db.selectFrom("releases").select("project_id").where("version", "=", version);
  if (projectSlug !== undefined) {
    const { project } = await authorizeProjectRef(context, verb, projectSlug);
    query = query.where("project_id", "=", project.id);
  } else {
    const visible = visibleProjectIds(context.viewer);
    if (visible) query = visible.length > 0 ? query.where("project_id", "in", visible) : query.where((eb) => eb.val(false));
  }
  const rows = await query.execute();
  if (rows.length === 0) throw new AppError("not_found", `No release is called "${version}".`);
  authorize(context, verb);
  return rows.map((row) => Number(row.project_id));
}
