import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Tooltip } from "./tooltip";

interface TextTooltipProps {
  /** What the page shows: a relative time, a rounded size, a value cut short. */
  children: ReactNode;
  /** The exact or whole form: "2026-11-26 07:40:12 UTC", "25,276,063,744 bytes". */
  tooltip: string;
  className?: string;
  /**
   * Whether the text itself already holds the tooltip's words (a value only cut short by CSS): then screen
   * readers have them, and no visually hidden copy is added.
   */
  isWholeText?: boolean;
}

/**
 * A dotted underline says there is more to read; the ring shows keyboard focus. `relative` keeps the visually
 * hidden copy (absolutely positioned) inside the text, so inside a table that scrolls sideways it scrolls with
 * it instead of widening the page on a phone.
 */
export const textTooltipClass = "relative cursor-help rounded-sm underline decoration-dotted underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/**
 * Text with its exact or whole form in a tooltip, on hover and on keyboard focus (the text takes the focus,
 * so keyboard users get it too). Screen readers read the exact form as visually hidden text after the shown
 * one, without having to open anything. A server component: only the Tooltip inside is client code.
 */
export function TextTooltip({ children, tooltip, className, isWholeText = false }: TextTooltipProps) {
  return (
    <Tooltip content={tooltip}>
      {/* data-whole-value: the tooltip holds the whole value, so the text may be cut short with an ellipsis. */}
      <span tabIndex={0} data-whole-value="" className={cn(textTooltipClass, className)}>
        {children}
        {isWholeText ? null : <span className="sr-only"> ({tooltip})</span>}
      </span>
    </Tooltip>
  );
}
