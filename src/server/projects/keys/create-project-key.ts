import type { Kysely } from "kysely";
import type { Database, ProjectKey } from "../../db/schema";
import { AppError } from "../../errors";
import { generatePublicKey } from "../generate-public-key";
import { createProjectKeyInput, type CreateProjectKeyInput } from "../schemas";

/**
 * Adds an active client key (a new DSN) to a project, without a rate limit. Ingest accepts it within a
 * second: the key cache remembers unknown keys for at most one second.
 */
export async function createProjectKey(db: Kysely<Database>, input: CreateProjectKeyInput): Promise<ProjectKey> {
  const { projectId, label } = createProjectKeyInput.parse(input);
  const project = await db.selectFrom("projects").select("id").where("id", "=", projectId).executeTakeFirst();
  if (!project) throw new AppError("not_found", `There is no project ${projectId}.`);
  return db
    .insertInto("project_keys")
    .values({ project_id: projectId, public_key: generatePublicKey(), label, created_at: Date.now() })
    .returningAll()
    .executeTakeFirstOrThrow();
}
