import { z } from "zod";
import type { LanternDatabase } from "../../db/create-database";
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
export async function setProjectKeyActive(database: LanternDatabase, input: SetProjectKeyActiveInput): Promise<void> {
  const { isActive, ...ref } = setProjectKeyActiveInput.parse(input);
  await writeTransaction(database, async (trx) => {
    const { isInternalProject } = await getProjectKey(trx, ref);
    // The running instance keeps the key it read at start; without it its own diagnostics would be refused.
    if (isInternalProject && !isActive) throw new AppError("conflict", "Lantern reports its own errors with this key while it runs; its keys cannot be disabled from the dashboard.");
    await trx.updateTable("project_keys").set({ is_active: isActive ? 1 : 0 }).where("id", "=", ref.keyId).execute();
  });
}
