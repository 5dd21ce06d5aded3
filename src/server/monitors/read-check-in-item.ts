import { z } from "zod";
import { slugify } from "@/lib/slugify";
import { readMonitorConfig, type MonitorConfigInput } from "./monitor-config";

/** "Update the newest in-progress check-in, or start one": the id an SDK sends when it has none. */
export const nilCheckInId = "0".repeat(32);

export type CheckInStatus = "in_progress" | "ok" | "error";

/** One check-in as digest read it, before it meets its monitor. */
export interface CheckInInput {
  projectId: number;
  /** The envelope it came in (0: not from the intake), for the reason it was not recorded. */
  intakeId: number;
  receivedAt: number;
  slug: string;
  /** 32 lowercase hex digits; nilCheckInId when the SDK sent none. */
  checkInId: string;
  status: CheckInStatus;
  durationMs: number | null;
  environment: string;
  release: string | null;
  traceId: string | null;
  config: MonitorConfigInput | null;
}

const uuid = /^[0-9a-f]{32}$/;

const CheckIn = z.looseObject({
  check_in_id: z.string().max(64).nullish(),
  monitor_slug: z.string().max(1000),
  status: z.string().max(32),
  duration: z.number().min(0).max(1e9).nullish(),
  environment: z.string().max(64).nullish(),
  release: z.string().max(200).nullish(),
  contexts: z.looseObject({ trace: z.looseObject({ trace_id: z.string().max(64).nullish() }).nullish() }).nullish(),
  monitor_config: z.unknown().optional(),
});

/**
 * Reads a `check_in` item (the envelope's, or the HTTP endpoint's JSON or query): the slug made a slug and cut
 * to 50 characters as Relay does, the status one an SDK may send (Relay turns `missed` and others into
 * `unknown`, which nothing counts: refused here with the reason), the duration from seconds to milliseconds.
 */
export function readCheckIn(value: unknown, origin: { projectId: number; intakeId: number; receivedAt: number }): CheckInInput {
  const parsed = CheckIn.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`invalid check-in${issue.path.length > 0 ? ` ${issue.path.join(".")}` : ""}: ${issue.message}`);
  }
  const checkIn = parsed.data;
  const slug = slugify(checkIn.monitor_slug);
  if (slug === "") throw new Error("a check-in needs a monitor_slug");
  if (checkIn.status !== "in_progress" && checkIn.status !== "ok" && checkIn.status !== "error") {
    throw new Error(`check-in status ${JSON.stringify(checkIn.status.slice(0, 32))} is not in_progress, ok or error`);
  }
  const checkInId = (checkIn.check_in_id ?? "").replaceAll("-", "").toLowerCase() || nilCheckInId;
  if (!uuid.test(checkInId)) throw new Error("check_in_id is not a UUID");
  const traceId = checkIn.contexts?.trace?.trace_id?.toLowerCase() ?? null;
  return {
    projectId: origin.projectId,
    intakeId: origin.intakeId,
    receivedAt: origin.receivedAt,
    slug,
    checkInId,
    status: checkIn.status,
    durationMs: checkIn.duration === null || checkIn.duration === undefined ? null : Math.round(checkIn.duration * 1000),
    environment: checkIn.environment?.trim() || "production",
    release: checkIn.release ?? null,
    traceId: traceId && /^[0-9a-f]{32}$/.test(traceId) ? traceId : null,
    config: checkIn.monitor_config === undefined || checkIn.monitor_config === null ? null : readMonitorConfig(checkIn.monitor_config),
  };
}
