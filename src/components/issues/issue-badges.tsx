import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { statusLabel, substatusLabel } from "@/lib/issue-words";
import { ownValue } from "@/lib/own-value";

const substatusStyles: Record<string, string> = {
  new: "border-sky-500/40 bg-sky-500/10 text-sky-700 dark:text-sky-300",
  regressed: "border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-300",
  escalating: "border-danger/40 bg-danger/10 text-danger",
};

export function SubstatusBadge({ substatus }: { substatus: string | null }) {
  if (!substatus) return null;
  return <Badge className={cn("font-sans", ownValue(substatusStyles, substatus))}>{substatusLabel(substatus)}</Badge>;
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge className={cn("font-sans", status === "resolved" && "border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300")}>{statusLabel(status)}</Badge>;
}

const levelStyles: Record<string, string> = {
  // Dark text on the dark theme's lighter red: white on it falls below 4.5:1.
  fatal: "bg-danger text-white dark:text-black",
  error: "bg-danger/80 text-white dark:text-black",
  warning: "bg-amber-500 text-black",
  info: "bg-sky-600 text-white",
  debug: "bg-muted text-foreground",
};

export function LevelBadge({ level }: { level: string }) {
  return <Badge className={cn("border-transparent font-sans", ownValue(levelStyles, level) ?? "bg-muted")}>{level}</Badge>;
}

/** An issue some event of which crashed without the app catching it (Sentry's "Unhandled" mark). */
export function UnhandledBadge() {
  return <Badge className="border-danger/40 bg-danger/10 font-sans text-danger">Unhandled</Badge>;
}
