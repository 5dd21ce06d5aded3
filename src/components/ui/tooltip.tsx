"use client";

import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { cloneElement, isValidElement, useCallback, useId, useState, type FocusEvent, type PointerEvent, type ReactNode } from "react";
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

/** How long the pointer rests on the trigger before the tooltip opens (Radix's delayDuration). */
const openDelayMs = 300;

/**
 * A short explanation shown on hover and on keyboard focus, and read by screen readers as the element's
 * description (Radix sets aria-describedby while it is open; `describes` keeps one). Each tooltip carries its
 * own provider, so no layout has to.
 *
 * Radix's tooltip is mounted only once the trigger is hovered or focused: until then the trigger is the child
 * element itself with four listeners (cloned: even one Radix Slot costs 20 times as much). Server-rendering
 * a Radix trigger costs about 0.2–0.7 ms (its Popper anchor and nested Slots merging props), and an issue
 * list has 150 of them (two times and a release per row): that was most of the list's server time
 * (docs/performance.md, issue 27).
 */
export function Tooltip({ children, content, side = "top", className, describes = false }: TooltipProps) {
  const descriptionId = useId();
  // How the user came: by pointer (opens after the delay, as Radix would) or by focus (opens at once, and the
  // remounted trigger takes the focus back).
  const [activatedBy, setActivatedBy] = useState<"pointer" | "focus" | null>(null);
  const takeFocusBack = useCallback(
    (node: HTMLElement | null) => {
      if (node && activatedBy === "focus" && document.activeElement !== node) node.focus();
    },
    [activatedBy],
  );
  const description = describes ? (
    <span id={descriptionId} hidden>
      {content}
    </span>
  ) : null;

  if (activatedBy === null && isValidElement<TriggerProps>(children)) {
    return (
      <>
        {cloneElement(children, { ...lazyTriggerProps(children.props, setActivatedBy), ...(describes ? { "aria-describedby": descriptionId } : {}) })}
        {description}
      </>
    );
  }
  return (
    <TooltipPrimitive.Provider delayDuration={openDelayMs}>
      <TooltipPrimitive.Root defaultOpen={activatedBy !== null}>
        <TooltipPrimitive.Trigger asChild ref={takeFocusBack} {...(describes ? { "aria-describedby": descriptionId } : {})}>
          {children}
        </TooltipPrimitive.Trigger>
        {description}
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

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerDown?: (event: PointerEvent) => void;
  onPointerLeave?: (event: PointerEvent) => void;
  onFocus?: (event: FocusEvent) => void;
};

/** The pointer's pending open per trigger element (at most one: the element under the pointer). */
const pendingOpen = new WeakMap<EventTarget, ReturnType<typeof setTimeout>>();
/**
 * Triggers pressed since the pointer came: like Radix, no tooltip until the pointer leaves. Mounting Radix
 * remounts the trigger, so doing it between a press and its release would lose the click (a link's focus
 * comes with the press).
 */
const pressed = new WeakSet<EventTarget>();

/** The not-yet-mounted tooltip's listeners, calling the child's own first. */
function lazyTriggerProps(own: TriggerProps, activate: (by: "pointer" | "focus") => void): TriggerProps {
  const cancel = (element: EventTarget) => {
    clearTimeout(pendingOpen.get(element));
    pendingOpen.delete(element);
  };
  return {
    onPointerEnter(event) {
      own.onPointerEnter?.(event);
      if (event.pointerType === "touch" || pressed.has(event.currentTarget)) return;
      cancel(event.currentTarget);
      pendingOpen.set(event.currentTarget, setTimeout(() => activate("pointer"), openDelayMs));
    },
    onPointerDown(event) {
      own.onPointerDown?.(event);
      cancel(event.currentTarget);
      pressed.add(event.currentTarget);
    },
    onPointerLeave(event) {
      own.onPointerLeave?.(event);
      cancel(event.currentTarget);
      pressed.delete(event.currentTarget);
    },
    onFocus(event) {
      own.onFocus?.(event);
      if (pressed.has(event.currentTarget)) return;
      cancel(event.currentTarget);
      activate("focus");
    },
  };
}
