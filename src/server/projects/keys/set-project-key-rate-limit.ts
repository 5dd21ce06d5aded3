import { authorizeProjectId, type AccessContext } from "../../access/authorize";
import { recordAuditEvent } from "../../audit/record-audit-event";
import { AppError } from "../../errors";
import { setProjectKeyRateLimitInput, type SetProjectKeyRateLimitInput } from "../schemas";

/**
 * Sets a key's limit: at most `count` envelopes per data category every `windowSeconds`, counted per process
 * on SQLite and across all instances on PostgreSQL (ingest/shared-rate-limiter); both null removes it. Ingest applies it once the key-cache entry expires.
 */
export async function setProjectKeyRateLimit(context: AccessContext, input: SetProjectKeyRateLimitInput): Promise<void> {
  const { projectId, keyId, count, windowSeconds } = setProjectKeyRateLimitInput.parse(input);
  const project = await authorizeProjectId(context, "key.set_rate_limit", projectId);
  const result = await context.db
    .updateTable("project_keys")
    .set({ rate_limit_count: count, rate_limit_window_seconds: windowSeconds })
    .where("id", "=", keyId)
    .where("project_id", "=", projectId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("not_found", "This project has no such key.");
  await recordAuditEvent(context.db, context.source, { action: "key.rate_limit_changed", target: `project:${project.slug}`, data: { keyId, count, windowSeconds } });
}
