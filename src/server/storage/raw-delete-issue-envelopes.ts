import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { deleteRawEnvelopes } from "./raw-delete-envelopes";

/**
 * Deletes the raw envelopes whose events belong to these issues, inside the issue deletion's transaction
 * and before the events go (they name the envelope). A raw envelope is unscrubbed data: once its issue is
 * deleted, the received list must not show it either.
 */
export async function deleteRawEnvelopesOfIssues(trx: Kysely<Database>, issueIds: number[]): Promise<void> {
  if (issueIds.length === 0) return;
  const rows = await trx.selectFrom("events").select("intake_id").distinct().where("issue_id", "in", issueIds).execute();
  await deleteRawEnvelopes(trx, rows.map((row) => row.intake_id));
}
