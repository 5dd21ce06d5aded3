import { ChevronsDown, ChevronsUp, Equal } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";

const styles: Record<string, string> = {
  high: "border-danger/40 bg-danger/10 text-danger",
  medium: "border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300",
  low: "text-foreground",
};
const icons = { high: ChevronsUp, medium: Equal, low: ChevronsDown } as const;

/** An issue's priority as a small badge: "High", "Medium", "Low", with an arrow that does not rely on colour. */
export function PriorityBadge({ priority, className }: { priority: string; className?: string }) {
  const known = priority === "high" || priority === "medium" || priority === "low" ? priority : "medium";
  const Icon = icons[known];
  return (
    // The word for screen readers is text, not an aria-label: a span may not carry one (axe: aria-prohibited-attr).
    <Badge className={cn("relative gap-1 font-sans", styles[known], className)}>
      <Icon aria-hidden className="h-3 w-3" />
      <span className="sr-only">Priority: </span>
      {known[0]!.toUpperCase() + known.slice(1)}
    </Badge>
  );
}
