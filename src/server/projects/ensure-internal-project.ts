import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isUniqueViolation } from "../db/is-unique-violation";
import { insertProject } from "./insert-project";

export const internalProjectName = "Lantern";

export interface InternalProjectKey {
  projectId: number;
  publicKey: string;
}

/**
 * Lantern's own project ("lantern"), created on first start; it receives Lantern's diagnostics. When two
 * callers race, the unique index on is_internal lets one create it and the other reads the winner's.
 */
export async function ensureInternalProject(db: Kysely<Database>): Promise<InternalProjectKey> {
  const existing = await findInternalProjectKey(db);
  if (existing) return existing;
  try {
    const { project, key } = await insertProject(db, { name: internalProjectName, platform: "javascript-nextjs" }, { isInternal: true });
    return { projectId: project.id, publicKey: key.public_key };
  } catch (error) {
    const winner = isUniqueViolation(error) ? await findInternalProjectKey(db) : undefined;
    if (winner) return winner;
    throw error;
  }
}

function findInternalProjectKey(db: Kysely<Database>): Promise<InternalProjectKey | undefined> {
  return db
    .selectFrom("projects")
    .innerJoin("project_keys", "project_keys.project_id", "projects.id")
    .select(["projects.id as projectId", "project_keys.public_key as publicKey"])
    .where("projects.is_internal", "=", 1)
    .where("project_keys.is_active", "=", 1)
    .orderBy("project_keys.id")
    .executeTakeFirst();
}
