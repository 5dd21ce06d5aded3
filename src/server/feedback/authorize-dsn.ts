import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { AppError } from "../errors";

const publicKeyPattern = /^[0-9a-f]{32}$/;

/**
 * The project a DSN names, when its key is active: how SDKs (and Sentry's `Authorization: DSN <dsn>` scheme)
 * authenticate a user report without a token. A DSN for another project than the path's is refused like an
 * unknown key.
 */
export async function projectOfDsn(db: Kysely<Database>, dsn: string, projectSlug: string): Promise<number> {
  let url: URL;
  try {
    url = new URL(dsn.trim());
  } catch {
    throw new AppError("unauthorized", "The DSN cannot be read.");
  }
  const publicKey = decodeURIComponent(url.username).toLowerCase();
  if (!publicKeyPattern.test(publicKey)) throw new AppError("unauthorized", "The DSN names no client key.");
  const key = await db
    .selectFrom("project_keys")
    .innerJoin("projects", "projects.id", "project_keys.project_id")
    .select(["projects.id", "projects.slug", "project_keys.is_active"])
    .where("project_keys.public_key", "=", publicKey)
    .executeTakeFirst();
  if (!key || !key.is_active || key.slug !== projectSlug) throw new AppError("forbidden", "This DSN's key is unknown, disabled or of another project.");
  return Number(key.id);
}
