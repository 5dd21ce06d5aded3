import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { createProject } from "./create-project";

export const internalProjectName = "Lantern";

export interface InternalProjectKey {
  projectId: number;
  publicKey: string;
}

/** Lantern's own project ("lantern"), created on first start; it receives Lantern's diagnostics. */
export async function ensureInternalProject(db: Kysely<Database>): Promise<InternalProjectKey> {
  const existing = await db
    .selectFrom("projects")
    .innerJoin("project_keys", "project_keys.project_id", "projects.id")
    .select(["projects.id as projectId", "project_keys.public_key as publicKey"])
    .where("projects.is_internal", "=", 1)
    .where("project_keys.is_active", "=", 1)
    .orderBy("project_keys.id")
    .executeTakeFirst();
  if (existing) return existing;
  const { project, key } = await createProject(db, { name: internalProjectName, platform: "javascript-nextjs" }, { isInternal: true });
  return { projectId: project.id, publicKey: key.public_key };
}
