"use client";

import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

interface TooltipProps {
  /** What the tooltip explains: one focusable element (a button, a link), or text made focusable here. */
  children: ReactNode;
  content: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  className?: string;
}

/**
 * A short explanation shown on hover and on keyboard focus, and read by screen readers as the element's
 * description (Radix sets aria-describedby). Each tooltip carries its own provider, so no layout has to.
 */
export function Tooltip({ children, content, side = "top", className }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={4}
            className={cn("z-50 max-w-xs rounded-md bg-foreground px-2 py-1 font-sans text-xs font-normal text-background shadow-md", className)}
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
