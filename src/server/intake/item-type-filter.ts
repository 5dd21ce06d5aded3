import type { ExpressionBuilder } from "kysely";
import type { Database } from "../db/schema";

/** intake.item_types is a comma-separated list; this matches rows whose list contains `type`. */
export function hasItemType(eb: ExpressionBuilder<Database, "intake">, type: string) {
  return eb.or([
    eb("intake.item_types", "=", type),
    eb("intake.item_types", "like", `${type},%`),
    eb("intake.item_types", "like", `%,${type}`),
    eb("intake.item_types", "like", `%,${type},%`),
  ]);
}
