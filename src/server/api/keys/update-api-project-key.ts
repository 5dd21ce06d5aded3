import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { getProjectKey } from "../../projects/keys/get-project-key";
import { renameProjectKey } from "../../projects/keys/rename-project-key";
import { setProjectKeyActive } from "../../projects/keys/set-project-key-active";
import { setProjectKeyRateLimit } from "../../projects/keys/set-project-key-rate-limit";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import { ApiProjectKeyUpdate, type ApiProjectKey } from "../schemas";
import { findKey } from "./get-api-project-key";
import { serializeProjectKey } from "./serialize-project-key";

/**
 * Sentry's key update: `name` (the key's label), `rateLimit` ({window: seconds, count}, or null for none) and
 * `isActive`, each through its key verb (which authorizes it and writes the audit log).
 */
export async function updateApiProjectKey(context: AccessContext, projectSlug: string, keyId: string, body: unknown): Promise<ApiProjectKey> {
  const { project, keys } = await authorizeProjectRef(context, "key.list", projectSlug);
  const key = findKey(keys, keyId);
  const parsed = ApiProjectKeyUpdate.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("bad_request", `Invalid ${issue?.path.join(".") || "body"}: ${issue?.message ?? "expected a JSON object"}.`);
  }
  const { name, rateLimit, isActive } = parsed.data;
  const ref = { projectId: project.id, keyId: key.id };
  if (name !== undefined && name !== key.label) await renameProjectKey(context, { ...ref, label: name });
  if (rateLimit !== undefined) await setProjectKeyRateLimit(context, { ...ref, count: rateLimit?.count ?? null, windowSeconds: rateLimit?.window ?? null });
  if (isActive !== undefined) await setProjectKeyActive(context, { ...ref, isActive });
  return serializeProjectKey((await getProjectKey(context.db, ref)).key, context.config.publicUrl);
}
