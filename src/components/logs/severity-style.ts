/** The severity ranges, lowest first, and how each is drawn (bars and badges). */
export const severityNames = ["trace", "debug", "info", "warn", "error", "fatal"] as const;
export type SeverityName = (typeof severityNames)[number];

export const severityFill: Record<SeverityName, string> = {
  trace: "fill-slate-300 dark:fill-slate-600",
  debug: "fill-slate-400 dark:fill-slate-500",
  info: "fill-sky-500",
  warn: "fill-amber-500",
  error: "fill-red-500",
  fatal: "fill-purple-600",
};

export const severityText: Record<SeverityName, string> = {
  trace: "text-muted-foreground",
  debug: "text-muted-foreground",
  info: "text-sky-700 dark:text-sky-300",
  warn: "text-amber-700 dark:text-amber-300",
  error: "text-red-700 dark:text-red-300",
  fatal: "text-purple-700 dark:text-purple-300",
};

export function isSeverityName(value: string): value is SeverityName {
  return (severityNames as readonly string[]).includes(value);
}
