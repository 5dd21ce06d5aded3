import { authorizeProjectId, type AccessContext } from "../../access/authorize";
import { recordAuditEvent } from "../../audit/record-audit-event";
import type { ProjectKey } from "../../db/schema";
import { generatePublicKey } from "../generate-public-key";
import { createProjectKeyInput, type CreateProjectKeyInput } from "../schemas";

/**
 * Adds an active client key (a new DSN) to a project, without a rate limit. Ingest accepts it within a
 * second: the key cache remembers unknown keys for at most one second.
 */
export async function createProjectKey(context: AccessContext, input: CreateProjectKeyInput): Promise<ProjectKey> {
  const { projectId, label } = createProjectKeyInput.parse(input);
  const project = await authorizeProjectId(context, "key.create", projectId);
  const key = await context.db
    .insertInto("project_keys")
    .values({ project_id: projectId, public_key: generatePublicKey(), label, created_at: Date.now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAuditEvent(context.db, context.source, { action: "key.created", target: `project:${project.slug}`, data: { label } });
  return key;
}
