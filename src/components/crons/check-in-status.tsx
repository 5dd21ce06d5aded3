import { cn } from "@/lib/cn";
import type { CheckInStatus, MonitorEnvironmentStatus } from "@/lib/views/monitors";

/** One colour per check-in status, the same in the timeline, the legend and the tables. */
export const checkInColors: Record<CheckInStatus, string> = {
  ok: "bg-emerald-600 dark:bg-emerald-500",
  error: "bg-danger",
  missed: "bg-amber-500",
  timeout: "bg-orange-700 dark:bg-orange-500",
  in_progress: "bg-sky-600 dark:bg-sky-400",
};

export const checkInWords: Record<CheckInStatus, string> = { ok: "OK", error: "Error", missed: "Missed", timeout: "Timed out", in_progress: "In progress" };

const environmentWords: Record<MonitorEnvironmentStatus, string> = { active: "Waiting for the first check-in", ok: "OK", error: "Failing" };
const environmentColors: Record<MonitorEnvironmentStatus, string> = { active: "bg-muted-foreground", ok: checkInColors.ok, error: checkInColors.error };

/** A check-in's status as a coloured dot and its word. */
export function CheckInStatusLabel({ status }: { status: CheckInStatus }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span aria-hidden className={cn("inline-block h-2.5 w-2.5 rounded-full", checkInColors[status] ?? "bg-muted-foreground")} />
      {checkInWords[status] ?? status}
    </span>
  );
}

/** An environment's state: waiting, ok or failing (and muted, disabled). */
export function EnvironmentStatusLabel({ status, isMuted, isDisabled }: { status: MonitorEnvironmentStatus; isMuted: boolean; isDisabled: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden className={cn("inline-block h-2.5 w-2.5 shrink-0 rounded-full", isDisabled ? "bg-border" : environmentColors[status])} />
      <span>
        {isDisabled ? "Disabled" : environmentWords[status]}
        {isMuted ? " · muted" : ""}
      </span>
    </span>
  );
}
