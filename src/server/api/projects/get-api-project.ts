import type { AccessContext } from "../../access/authorize";
import { authorizeProjectRef } from "./authorize-project-ref";
import { AppError } from "../../errors";
import type { ApiProject } from "../schemas";
import { listApiProjects } from "./list-api-projects";

/** One project by slug; a project the viewer may not see is a 404 like a missing one. */
export async function getApiProject(context: AccessContext, slug: string): Promise<ApiProject> {
  const { project } = await authorizeProjectRef(context, "project.read", slug);
  const [found] = await listApiProjects(context, [project.id]);
  if (!found) throw new AppError("not_found", `No project is called "${slug}".`);
  return found;
}
