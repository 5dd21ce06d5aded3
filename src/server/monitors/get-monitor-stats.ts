import { z } from "zod";
import type { CheckInStatus, MonitorStatsBucket, MonitorView } from "@/lib/views/monitors";
import type { AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { findMonitor, type MonitorRef } from "./find-monitor";

/** Enough for 90 days by the hour or a week by the 10 minutes; a timeline has far fewer. */
const maxBuckets = 2_200;
/** Rows read at most: a monitor checking in every minute for 90 days. */
const maxRows = 150_000;

const StatsInput = z
  .object({
    since: z.number().int().min(0),
    until: z.number().int().min(0),
    /** Bucket width in ms: a minute to 31 days. */
    resolution: z.number().int().min(60_000).max(31 * 86_400_000),
    environment: z.string().min(1).max(64).optional(),
  })
  .refine((input) => input.until > input.since, "until must be after since")
  .refine((input) => (input.until - input.since) / input.resolution <= maxBuckets, `at most ${maxBuckets} buckets: choose a coarser resolution`);
export type MonitorStatsInput = z.input<typeof StatsInput>;

const statusKey: Record<CheckInStatus, keyof Omit<MonitorStatsBucket, "ts" | "durationAvg">> = { ok: "ok", error: "error", missed: "missed", timeout: "timeout", in_progress: "inProgress" };

/**
 * A monitor's check-ins counted per status in buckets of `resolution` from `since` (aligned down to it) to
 * `until`, every bucket present, oldest first, with each bucket's average duration — Sentry's stats shape.
 */
export async function getMonitorStats(context: AccessContext, input: MonitorRef & MonitorStatsInput): Promise<{ monitor: MonitorView; buckets: MonitorStatsBucket[] }> {
  const monitor = await findMonitor(context, "monitor.list", input);
  const parsed = StatsInput.safeParse({ since: input.since, until: input.until, resolution: input.resolution, environment: input.environment });
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "These stats cannot be computed.");
  const { until, resolution, environment } = parsed.data;
  const start = Math.floor(parsed.data.since / resolution) * resolution;
  const buckets: MonitorStatsBucket[] = [];
  for (let ts = start; ts < until; ts += resolution) buckets.push({ ts, ok: 0, error: 0, missed: 0, timeout: 0, inProgress: 0, durationAvg: null });
  let select = context.db
    .selectFrom("monitor_checkins")
    .select(["monitor_checkins.status", "monitor_checkins.duration_ms", "monitor_checkins.date_added"])
    .where("monitor_checkins.monitor_id", "=", monitor.id)
    .where("monitor_checkins.date_added", ">=", start)
    .where("monitor_checkins.date_added", "<", until);
  if (environment !== undefined) {
    select = select.innerJoin("monitor_environments", "monitor_environments.id", "monitor_checkins.monitor_environment_id").where("monitor_environments.environment", "=", environment);
  }
  const rows = await select.limit(maxRows).execute();
  const durations = buckets.map(() => ({ total: 0, count: 0 }));
  for (const row of rows) {
    const index = Math.floor((Number(row.date_added) - start) / resolution);
    const bucket = buckets[index];
    const key = statusKey[row.status as CheckInStatus];
    if (!bucket || !key) continue;
    bucket[key] += 1;
    if (row.duration_ms !== null) {
      durations[index]!.total += Number(row.duration_ms);
      durations[index]!.count += 1;
    }
  }
  buckets.forEach((bucket, index) => {
    const { total, count } = durations[index]!;
    bucket.durationAvg = count === 0 ? null : Math.round(total / count);
  });
  return { monitor, buckets };
}
