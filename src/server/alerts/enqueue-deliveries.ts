import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { chunks } from "../db/chunks";
import type { Database } from "../db/schema";
import type { AlertMessage, ChannelKind } from "./alert-message";

export interface NewDelivery {
  projectId: number | null;
  ruleId: number | null;
  issueId: number | null;
  channelId: number | null;
  kind: "email" | ChannelKind;
  /** The e-mail address for kind "email"; null for a channel (read at send time, so an edited URL applies). */
  recipient: string | null;
  message: AlertMessage;
}

/**
 * Puts messages in the outbox inside the caller's transaction: whatever decided them (digest, an assignment,
 * a test button) commits them with its own writes, and the sender delivers them after the commit. Each gets
 * the id receivers see as `Lantern-Delivery` on every attempt.
 */
export async function enqueueDeliveries(trx: Kysely<Database>, deliveries: NewDelivery[], now = Date.now()): Promise<{ id: number; deliveryId: string }[]> {
  const rows = deliveries.map((delivery) => ({
    delivery_id: randomUUID(),
    project_id: delivery.projectId,
    rule_id: delivery.ruleId,
    issue_id: delivery.issueId,
    channel_id: delivery.channelId,
    kind: delivery.kind,
    recipient: delivery.recipient,
    reason: delivery.message.reason,
    message: JSON.stringify(delivery.message),
    status: "pending",
    attempts: 0,
    next_attempt_at: now,
    lease_until: null,
    response_code: null,
    last_error: null,
    created_at: now,
    finished_at: null,
  }));
  const inserted: { id: number; deliveryId: string }[] = [];
  for (const chunk of chunks(rows, 200)) {
    const ids = await trx.insertInto("alert_deliveries").values(chunk).returning(["id", "delivery_id"]).execute();
    inserted.push(...ids.map((row) => ({ id: Number(row.id), deliveryId: row.delivery_id })));
  }
  return inserted;
}
