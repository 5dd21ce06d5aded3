import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { setProjectKeyRateLimitInput, type SetProjectKeyRateLimitInput } from "../schemas";

/**
 * Sets a key's limit: at most `count` envelopes per data category every `windowSeconds`, counted in each
 * Lantern process; both null removes it. Ingest applies it once the key-cache entry expires.
 */
export async function setProjectKeyRateLimit(db: Kysely<Database>, input: SetProjectKeyRateLimitInput): Promise<void> {
  const { projectId, keyId, count, windowSeconds } = setProjectKeyRateLimitInput.parse(input);
  const result = await db
    .updateTable("project_keys")
    .set({ rate_limit_count: count, rate_limit_window_seconds: windowSeconds })
    .where("id", "=", keyId)
    .where("project_id", "=", projectId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("not_found", "This project has no such key.");
}
