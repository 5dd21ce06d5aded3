import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { EnvelopeSummary } from "../ingest/summarize-envelope";

/** Commits the raw envelope; ingest answers 200 only after this resolves. */
export async function storeEnvelope(db: Kysely<Database>, projectId: number, body: Uint8Array, summary: EnvelopeSummary, receivedAt = Date.now()): Promise<number> {
  const row = await db
    .insertInto("intake")
    .values({
      project_id: projectId,
      received_at: receivedAt,
      event_id: summary.eventId,
      item_types: summary.itemTypes.join(","),
      summary: summary.summary,
      sdk_name: summary.sdkName,
      body_bytes: body.length,
      body,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
