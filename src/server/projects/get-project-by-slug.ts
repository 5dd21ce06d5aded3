import type { Kysely } from "kysely";
import { AppError } from "../errors";
import type { Database, Project, ProjectKey } from "../db/schema";
import { listProjectKeys } from "./keys/list-project-keys";

export interface ProjectWithKeys {
  project: Project;
  keys: ProjectKey[];
}

/** The project and its client keys; AppError not_found when no project has this slug. */
export async function getProjectBySlug(db: Kysely<Database>, slug: string): Promise<ProjectWithKeys> {
  const project = await db.selectFrom("projects").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!project) throw new AppError("not_found", `No project is called "${slug}".`);
  return { project, keys: await listProjectKeys(db, project.id) };
}
