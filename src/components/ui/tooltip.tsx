"use client";

import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

interface TooltipProps {
  /** What the tooltip explains: one focusable element (a button, a link), or text made focusable here. */
  children: ReactNode;
  content: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  className?: string;
  /**
   * Also make the content the trigger's lasting description (aria-describedby to hidden text), for a link or
   * button whose tooltip says something its name does not: screen readers then read it without hovering.
   */
  describes?: boolean;
}

/**
 * A short explanation shown on hover and on keyboard focus, and read by screen readers as the element's
 * description (Radix sets aria-describedby while it is open; `describes` keeps one). Each tooltip carries its
 * own provider, so no layout has to.
 */
export function Tooltip({ children, content, side = "top", className, describes = false }: TooltipProps) {
  const descriptionId = useId();
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild {...(describes ? { "aria-describedby": descriptionId } : {})}>
          {children}
        </TooltipPrimitive.Trigger>
        {describes ? (
          <span id={descriptionId} hidden>
            {content}
          </span>
        ) : null}
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={4}
            className={cn("z-50 max-w-xs rounded-md bg-foreground px-2 py-1 font-sans text-xs font-normal break-words text-background shadow-md", className)}
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
