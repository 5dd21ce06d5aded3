import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export function Badge({ className, ...props }: ComponentProps<"span">) {
  return <span className={cn("inline-flex items-center rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs", className)} {...props} />;
}
