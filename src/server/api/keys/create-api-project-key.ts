import type { AccessContext } from "../../access/authorize";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import { AppError } from "../../errors";
import { createProjectKey } from "../../projects/keys/create-project-key";
import { getProjectKey } from "../../projects/keys/get-project-key";
import { setProjectKeyRateLimit } from "../../projects/keys/set-project-key-rate-limit";
import { ApiProjectKeyCreate, type ApiProjectKey } from "../schemas";
import { serializeProjectKey } from "./serialize-project-key";

/**
 * Creates a client key (a new DSN) for a project, with Sentry's `name` and optional `rateLimit`
 * ({window: seconds, count}); admins only (or an admin-scoped token). Recorded in the audit log (by the verbs).
 */
export async function createApiProjectKey(context: AccessContext, projectSlug: string, body: unknown): Promise<ApiProjectKey> {
  const { project } = await authorizeProjectRef(context, "key.create", projectSlug);
  const parsed = ApiProjectKeyCreate.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("bad_request", `Invalid ${issue?.path.join(".") || "body"}: ${issue?.message ?? "expected a JSON object"}.`);
  }
  const { name, rateLimit } = parsed.data;
  const created = await createProjectKey(context, { projectId: project.id, label: name ?? "Default" });
  if (rateLimit) await setProjectKeyRateLimit(context, { projectId: project.id, keyId: created.id, count: rateLimit.count, windowSeconds: rateLimit.window });
  const { key } = await getProjectKey(context.db, { projectId: project.id, keyId: created.id });
  return serializeProjectKey(key, context.config.publicUrl);
}
