import { cn } from "@/lib/cn";

/** Up, down or paused, in words and colour (the word alone carries it). */
export function UptimeStatus({ uptimeStatus, isDisabled = false }: { uptimeStatus: "ok" | "failed"; isDisabled?: boolean }) {
  const [label, tone] = isDisabled ? ["Paused", "bg-muted-foreground"] : uptimeStatus === "failed" ? ["Down", "bg-danger"] : ["Up", "bg-emerald-600"];
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <span aria-hidden className={cn("inline-block h-2.5 w-2.5 rounded-full", tone)} />
      {label}
    </span>
  );
}
