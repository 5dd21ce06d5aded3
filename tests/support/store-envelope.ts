import type { Kysely } from "kysely";
import type { Database } from "@/server/db/schema";
import type { EnvelopeFacts } from "@/server/ingest/inspect-envelope";
import { insertIntakeEnvelopes } from "@/server/intake/intake-writer";

/** Seeds one intake row directly, as ingest would have committed it (tests only). */
export async function storeEnvelope(db: Kysely<Database>, projectId: number, body: Uint8Array, summary: EnvelopeFacts, receivedAt = Date.now()): Promise<number> {
  const [id] = await insertIntakeEnvelopes(db, [
    {
      project_id: projectId,
      received_at: receivedAt,
      event_id: summary.eventId,
      item_types: summary.itemTypes.join(","),
      summary: summary.summary,
      sdk_name: summary.sdkName,
      body_bytes: body.length,
      body,
    },
  ]);
  return id!;
}
