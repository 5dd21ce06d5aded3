import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import type { ProjectKey } from "../../db/schema";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import type { ApiProjectKey } from "../schemas";
import { serializeProjectKey } from "./serialize-project-key";

/** One client key by Sentry's key id (the public key), with its rate limit; 404 when the project has no such key. */
export async function getApiProjectKey(context: AccessContext, projectSlug: string, keyId: string): Promise<ApiProjectKey> {
  const { keys } = await authorizeProjectRef(context, "key.list", projectSlug);
  return serializeProjectKey(findKey(keys, keyId), context.config.publicUrl);
}

export function findKey(keys: ProjectKey[], keyId: string): ProjectKey {
  const key = keys.find((candidate) => candidate.public_key === keyId);
  if (!key) throw new AppError("not_found", "This project has no such key.");
  return key;
}
