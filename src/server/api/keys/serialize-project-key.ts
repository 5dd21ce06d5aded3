import type { ProjectKey } from "../../db/schema";
import { buildDsn } from "../../projects/build-dsn";
import type { ApiProjectKey } from "../schemas";

/**
 * A client key as Sentry's key endpoints answer: its id is the public key, and `dsn` the DSNs to configure.
 * Lantern's keys have no secret part (SDKs stopped sending one), so `secret` is null and `dsn.secret`
 * is the public DSN; Lantern has no CSP, minidump, NEL, Unreal, loader or cron endpoints, so those are null.
 */
export function serializeProjectKey(key: ProjectKey, publicUrl: string): ApiProjectKey {
  const dsn = buildDsn(publicUrl, key.public_key, key.project_id);
  const hasLimit = key.rate_limit_count !== null && key.rate_limit_window_seconds !== null;
  return {
    id: key.public_key,
    name: key.label,
    label: key.label,
    public: key.public_key,
    secret: null,
    projectId: key.project_id,
    isActive: key.is_active === 1,
    rateLimit: hasLimit ? { window: key.rate_limit_window_seconds!, count: key.rate_limit_count! } : null,
    dsn: { public: dsn, secret: dsn, csp: null, security: null, minidump: null, nel: null, unreal: null, cdn: null, crons: null },
    browserSdkVersion: "10.x",
    dateCreated: new Date(Number(key.created_at)).toISOString(),
  };
}
