import type { Kysely } from "kysely";
import { epochType, idType } from "./column-types";

/**
 * Web vitals (docs/architecture.md → "Spans"): one row per measurement the browser SDK reports for a page
 * load or navigation (LCP, FCP, CLS, TTFB from the transaction's `measurements`, INP from its standalone
 * interaction spans), by page (the transaction name, a `span_strings` id) and time, so "p75 per page over
 * time" reads a few thousand small rows instead of inflating span payloads. `vital` is a small code
 * (lib/web-vitals.ts); `value` is in the vital's unit (ms, CLS unitless).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("web_vitals")
    .addColumn("project_id", idType(db), (col) => col.notNull())
    .addColumn("page_id", idType(db), (col) => col.notNull())
    .addColumn("vital", "integer", (col) => col.notNull())
    .addColumn("start_us", epochType(db), (col) => col.notNull())
    .addColumn("value", "real", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("web_vitals_project_time").on("web_vitals").columns(["project_id", "start_us"]).execute();
}
