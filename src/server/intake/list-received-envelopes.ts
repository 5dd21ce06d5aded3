import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { hasItemType } from "./item-type-filter";
import { isWithinRawWindow } from "./raw-window";
import type { ReceivedEnvelope } from "@/lib/views/intake";
export type { ReceivedEnvelope } from "@/lib/views/intake";

interface ListOptions {
  limit?: number;
  /** Only items containing this type (e.g. "event"). */
  itemType?: string;
}

/** The newest envelopes a project received (within the raw-envelope window), newest first, without reading their bodies. */
export async function listReceivedEnvelopes(context: AccessContext, projectId: number, options: ListOptions = {}): Promise<ReceivedEnvelope[]> {
  await authorizeProjectId(context, "received.read", projectId);
  let query = context.db
    .selectFrom("intake")
    .select(["id", "received_at", "event_id", "item_types", "summary", "sdk_name", "body_bytes"])
    .where("project_id", "=", projectId)
    .where((eb) => isWithinRawWindow(eb, context.config.retention.rawHours))
    .orderBy("id", "desc")
    .limit(options.limit ?? 50);
  if (options.itemType) {
    const type = options.itemType;
    query = query.where((eb) => hasItemType(eb, type));
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    receivedAt: row.received_at,
    eventId: row.event_id,
    itemTypes: row.item_types ? row.item_types.split(",") : [],
    summary: row.summary,
    sdkName: row.sdk_name,
    bodyBytes: row.body_bytes,
  }));
}
