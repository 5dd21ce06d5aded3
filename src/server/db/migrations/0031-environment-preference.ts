import type { Kysely } from "kysely";

/**
 * The environment a person picked in the header (environments/set-environment-filter.ts), null for "All
 * environments". A column of `users`, not a table of its own: better-auth reads the user row with every
 * session, so the pages get the choice without a query of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("environment_filter", "text").execute();
}
