import { z } from "zod";
import { authorizeProjectId, type AccessContext } from "../../access/authorize";
import { recordAuditEvent } from "../../audit/record-audit-event";
import { writeTransaction } from "../../db/write-transaction";
import { AppError } from "../../errors";
import { projectKeyRef } from "../schemas";
import { getProjectKey } from "./get-project-key";

const setProjectKeyActiveInput = projectKeyRef.extend({ isActive: z.boolean() });
export type SetProjectKeyActiveInput = z.input<typeof setProjectKeyActiveInput>;

/**
 * Enables or disables a key. Ingest answers a disabled key 403 once its key-cache entry expires
 * (`LANTERN_KEY_CACHE_SECONDS`); a key enabled again works within a second.
 */
export async function setProjectKeyActive(context: AccessContext, input: SetProjectKeyActiveInput): Promise<void> {
  const { isActive, ...ref } = setProjectKeyActiveInput.parse(input);
  const project = await authorizeProjectId(context, "key.set_active", ref.projectId);
  await writeTransaction(context.database, async (trx) => {
    const { isInternalProject } = await getProjectKey(trx, ref);
    // The running instance keeps the key it read at start; without it its own diagnostics would be refused.
    if (isInternalProject && !isActive) throw new AppError("conflict", "Lantern reports its own errors with this key while it runs; its keys cannot be disabled from the dashboard.");
    await trx.updateTable("project_keys").set({ is_active: isActive ? 1 : 0 }).where("id", "=", ref.keyId).execute();
  });
  await recordAuditEvent(context.db, context.source, { action: isActive ? "key.enabled" : "key.disabled", target: `project:${project.slug}`, data: { keyId: ref.keyId } });
}
