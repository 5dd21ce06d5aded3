import type { Kysely } from "kysely";
import { epochType } from "./column-types";

/**
 * What several instances on one database share beyond the data (docs/operations.md → "Several instances"):
 *
 * - `leases`: one row per periodic job (housekeeping, backups). An instance runs the job only while it holds
 *   the row (`holder` is its id) and renews it before `expires_at`; a killed instance's row runs out and the
 *   next instance that asks takes it over (instance/take-lease.ts: one conditional upsert).
 * - `rate_limit_windows`: each client key's fixed-window count per data category, so a key's limit holds
 *   across instances (ingest/shared-rate-limiter.ts: one upsert per key and category per event-loop turn).
 *   One row per key and category: a new window overwrites the old one, so nothing piles up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("leases")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("holder", "text", (col) => col.notNull())
    .addColumn("expires_at", epochType(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("rate_limit_windows")
    .addColumn("public_key", "text", (col) => col.notNull())
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("window_start", epochType(db), (col) => col.notNull())
    .addColumn("used", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("rate_limit_windows_pk", ["public_key", "category"])
    .execute();
}
