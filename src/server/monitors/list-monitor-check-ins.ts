import { z } from "zod";
import type { MonitorCheckInView, MonitorView } from "@/lib/views/monitors";
import type { AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { findMonitor, type MonitorRef } from "./find-monitor";
import { toCheckInView } from "./load-monitor-views";

const ListCheckInsInput = z.object({
  environment: z.string().min(1).max(64).optional(),
  /** Only check-ins added at or after this time (epoch ms). */
  since: z.number().int().min(0).optional(),
  until: z.number().int().min(0).optional(),
  /** Keyset paging in (date_added, id) order, newest first: the page after this row, or before it. */
  cursor: z.object({ value: z.number().int(), id: z.number().int().min(0), isPrevious: z.boolean() }).nullable().default(null),
  limit: z.number().int().min(1).max(100).default(50),
});
export type ListCheckInsInput = z.input<typeof ListCheckInsInput>;

/**
 * A monitor's check-ins, newest first (per environment when one is named). For paging, `fetched` holds up to
 * `limit + 1` rows in the cursor's direction (descending after it, ascending before it), as pagination.ts's
 * keysetPage takes them; `checkIns` is the page itself, newest first.
 */
export async function listMonitorCheckIns(context: AccessContext, input: MonitorRef & ListCheckInsInput): Promise<{ monitor: MonitorView; checkIns: MonitorCheckInView[]; fetched: MonitorCheckInView[] }> {
  const monitor = await findMonitor(context, "monitor.list", input);
  const parsed = ListCheckInsInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "These check-ins cannot be listed.");
  const { environment, since, until, cursor, limit } = parsed.data;
  let select = context.db
    .selectFrom("monitor_checkins")
    .innerJoin("monitor_environments", "monitor_environments.id", "monitor_checkins.monitor_environment_id")
    .selectAll("monitor_checkins")
    .select("monitor_environments.environment")
    .where("monitor_checkins.monitor_id", "=", monitor.id);
  if (environment !== undefined) select = select.where("monitor_environments.environment", "=", environment);
  if (since !== undefined) select = select.where("monitor_checkins.date_added", ">=", since);
  if (until !== undefined) select = select.where("monitor_checkins.date_added", "<=", until);
  if (cursor) {
    const { value, id } = cursor;
    const direction = cursor.isPrevious ? ">" : "<";
    select = select.where((eb) => eb.or([eb("monitor_checkins.date_added", direction, value), eb.and([eb("monitor_checkins.date_added", "=", value), eb("monitor_checkins.id", direction, id)])]));
  }
  const order = cursor?.isPrevious ? "asc" : "desc";
  const rows = await select.orderBy("monitor_checkins.date_added", order).orderBy("monitor_checkins.id", order).limit(limit + 1).execute();
  const fetched = rows.map(toCheckInView);
  const checkIns = fetched.slice(0, limit);
  if (cursor?.isPrevious) checkIns.reverse();
  return { monitor, checkIns, fetched };
}
