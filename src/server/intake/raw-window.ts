import type { ExpressionBuilder } from "kysely";
import type { Database } from "../db/schema";

const hourMs = 3_600_000;

/**
 * The raw envelopes the received list may show: those still waiting for digest, and digested ones younger
 * than LANTERN_RAW_RETENTION_HOURS. Housekeeping deletes the rest every 10 minutes; until it has, this keeps
 * them out of sight (at 0 hours, only the envelopes waiting for digest).
 */
export function isWithinRawWindow(eb: ExpressionBuilder<Database, "intake">, rawHours: number, now = Date.now()) {
  return eb.or([eb("intake.digested_at", "is", null), eb("intake.received_at", ">=", now - rawHours * hourMs)]);
}
