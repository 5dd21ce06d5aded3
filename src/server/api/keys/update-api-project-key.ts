import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { getProjectKey } from "../../projects/keys/get-project-key";
import { setProjectKeyActive } from "../../projects/keys/set-project-key-active";
import { setProjectKeyRateLimit } from "../../projects/keys/set-project-key-rate-limit";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import { ApiProjectKeyUpdate, type ApiProjectKey } from "../schemas";
import { findKey } from "./get-api-project-key";
import { serializeProjectKey } from "./serialize-project-key";

/**
 * Sentry's key update: `rateLimit` ({window: seconds, count}, or null for none) and `isActive`, each through
 * the verb the settings page uses (which authorizes it and writes the audit log). `name` is accepted when it
 * is the key's name (clients such as Terraform send it back unchanged); Lantern does not rename keys.
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
  if (name !== undefined && name !== key.label) throw new AppError("bad_request", "Invalid name: Lantern does not rename client keys; send the key's current name or leave it out.");
  const ref = { projectId: project.id, keyId: key.id };
  if (rateLimit !== undefined) await setProjectKeyRateLimit(context, { ...ref, count: rateLimit?.count ?? null, windowSeconds: rateLimit?.window ?? null });
  if (isActive !== undefined) await setProjectKeyActive(context, { ...ref, isActive });
  return serializeProjectKey((await getProjectKey(context.db, ref)).key, context.config.publicUrl);
}
