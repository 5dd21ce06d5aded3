import { authorizeProjectId, type AccessContext } from "../../access/authorize";
import { recordAuditEvent } from "../../audit/record-audit-event";
import type { ProjectKey } from "../../db/schema";
import { writeTransaction } from "../../db/write-transaction";
import { AppError } from "../../errors";
import { generatePublicKey } from "../generate-public-key";
import { projectKeyRef, type ProjectKeyRef } from "../schemas";
import { getProjectKey } from "./get-project-key";

export interface RotatedProjectKey {
  /** The key that was rotated, now disabled. */
  previous: ProjectKey;
  /** Its replacement: same label and rate limit, a new public key, active. */
  key: ProjectKey;
}

/**
 * Replaces an active key: one transaction creates a key with the same label and rate limit and disables
 * the old one. Ingest refuses the old key once its key-cache entry expires (`LANTERN_KEY_CACHE_SECONDS`).
 */
export async function rotateProjectKey(context: AccessContext, input: ProjectKeyRef): Promise<RotatedProjectKey> {
  const ref = projectKeyRef.parse(input);
  const project = await authorizeProjectId(context, "key.rotate", ref.projectId);
  const rotated = await writeTransaction(context.database, async (trx) => {
    const { key: previous, isInternalProject } = await getProjectKey(trx, ref);
    if (isInternalProject) throw new AppError("conflict", "Lantern reports its own errors with this key while it runs; its keys cannot be rotated from the dashboard.");
    if (previous.is_active !== 1) throw new AppError("conflict", "This key is already disabled; enable it or create a new key instead.");
    const key = await trx
      .insertInto("project_keys")
      .values({
        project_id: previous.project_id,
        public_key: generatePublicKey(),
        label: previous.label,
        rate_limit_count: previous.rate_limit_count,
        rate_limit_window_seconds: previous.rate_limit_window_seconds,
        created_at: Date.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable("project_keys").set({ is_active: 0 }).where("id", "=", previous.id).execute();
    return { previous: { ...previous, is_active: 0 }, key };
  });
  await recordAuditEvent(context.db, context.source, { action: "key.rotated", target: `project:${project.slug}`, data: { keyId: ref.keyId } });
  return rotated;
}
