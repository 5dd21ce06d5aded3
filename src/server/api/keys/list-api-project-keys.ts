import type { AccessContext } from "../../access/authorize";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import type { ApiProjectKey } from "../schemas";
import { serializeProjectKey } from "./serialize-project-key";

/** A project's client keys, oldest first, active and disabled (`status=active` or `inactive` narrows, as in Sentry). */
export async function listApiProjectKeys(context: AccessContext, projectSlug: string, status: string | null): Promise<ApiProjectKey[]> {
  const { keys } = await authorizeProjectRef(context, "key.list", projectSlug);
  const wanted = keys.filter((key) => (status === "active" ? key.is_active === 1 : status === "inactive" ? key.is_active !== 1 : true));
  return wanted.map((key) => serializeProjectKey(key, context.config.publicUrl));
}
