import type { Kysely } from "kysely";
import { AppError } from "../errors";
import type { Database, Project, ProjectKey } from "../db/schema";

export interface ProjectWithKeys {
  project: Project;
  keys: ProjectKey[];
}

/** The project and its client keys; AppError not_found when no project has this slug. */
export async function getProjectBySlug(db: Kysely<Database>, slug: string): Promise<ProjectWithKeys> {
  const project = await db.selectFrom("projects").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!project) throw new AppError("not_found", `No project is called "${slug}".`);
  const keys = await db.selectFrom("project_keys").selectAll().where("project_id", "=", project.id).orderBy("id").execute();
  return { project, keys };
}
