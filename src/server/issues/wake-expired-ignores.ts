import type { LanternDatabase } from "../db/create-database";
import { writeTransaction } from "../db/write-transaction";
import { readIgnoreCondition } from "./issue-status";
import { recordActivity } from "./record-activity";

/**
 * Issues ignored for a duration come back when it ends, even without a new event (digest wakes them at
 * their next event too). Run periodically; returns how many woke.
 */
export async function wakeExpiredIgnores(database: LanternDatabase, now = Date.now()): Promise<number> {
  return writeTransaction(database, async (trx) => {
    const ignored = await trx.selectFrom("issues").select(["id", "ignore_condition"]).where("status", "=", "ignored").where("substatus", "=", "archived_until_condition_met").execute();
    const expired = ignored.filter((issue) => {
      const condition = readIgnoreCondition(issue.ignore_condition);
      return condition?.kind === "duration" && condition.until <= now;
    });
    for (const issue of expired) {
      await trx
        .updateTable("issues")
        .set({ status: "unresolved", substatus: "ongoing", ignore_condition: null, status_changed_at: now })
        .where("id", "=", issue.id)
        .execute();
      await recordActivity(trx, issue.id, "set_unresolved", "system", { reason: "the ignore period ended" });
    }
    return expired.length;
  });
}
