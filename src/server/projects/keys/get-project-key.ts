import type { Kysely } from "kysely";
import type { Database, ProjectKey } from "../../db/schema";
import { AppError } from "../../errors";
import type { ProjectKeyRef } from "../schemas";

export interface ProjectKeyOfProject {
  key: ProjectKey;
  /** Lantern's own project: the running instance reports its diagnostics with its key. */
  isInternalProject: boolean;
}

/** The key `keyId` of project `projectId`; AppError not_found when that project has no such key. */
export async function getProjectKey(db: Kysely<Database>, { projectId, keyId }: ProjectKeyRef): Promise<ProjectKeyOfProject> {
  const row = await db
    .selectFrom("project_keys")
    .innerJoin("projects", "projects.id", "project_keys.project_id")
    .selectAll("project_keys")
    .select("projects.is_internal")
    .where("project_keys.id", "=", keyId)
    .where("project_keys.project_id", "=", projectId)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", "This project has no such key.");
  const { is_internal: isInternal, ...key } = row;
  return { key, isInternalProject: isInternal === 1 };
}
