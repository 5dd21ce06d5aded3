"use client";

import * as DropdownMenuPrimitive from "@radix-ui/react-dropdown-menu";
import { Check, ChevronRight } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A menu opened from a button: arrow keys move, Enter or Space chooses, Escape closes (Radix handles focus and ARIA). */
export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
export const DropdownMenuGroup = DropdownMenuPrimitive.Group;
export const DropdownMenuSub = DropdownMenuPrimitive.Sub;

const panelClass = "z-50 min-w-48 overflow-hidden rounded-md border border-border bg-card p-1 text-sm text-foreground shadow-md";
const itemClass =
  "relative flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-60 data-[highlighted]:bg-muted";

export function DropdownMenuContent({ className, sideOffset = 4, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content sideOffset={sideOffset} className={cn(panelClass, className)} {...props} />
    </DropdownMenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({ className, variant, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Item> & { variant?: "danger" }) {
  return <DropdownMenuPrimitive.Item className={cn(itemClass, variant === "danger" && "text-danger", className)} {...props} />;
}

export function DropdownMenuCheckboxItem({ className, children, ...props }: ComponentProps<typeof DropdownMenuPrimitive.CheckboxItem>) {
  return (
    <DropdownMenuPrimitive.CheckboxItem className={cn(itemClass, "pl-7", className)} {...props}>
      <span className="absolute left-2 inline-flex h-3.5 w-3.5 items-center justify-center">
        <DropdownMenuPrimitive.ItemIndicator>
          <Check aria-hidden className="h-3.5 w-3.5" />
        </DropdownMenuPrimitive.ItemIndicator>
      </span>
      {children}
    </DropdownMenuPrimitive.CheckboxItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return <DropdownMenuPrimitive.Label className={cn("px-2 py-1.5 text-xs font-semibold text-muted-foreground", className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return <DropdownMenuPrimitive.Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}

export function DropdownMenuSubTrigger({ className, children, ...props }: ComponentProps<typeof DropdownMenuPrimitive.SubTrigger>) {
  return (
    <DropdownMenuPrimitive.SubTrigger className={cn(itemClass, "data-[state=open]:bg-muted", className)} {...props}>
      {children}
      <ChevronRight aria-hidden className="ml-auto h-3.5 w-3.5" />
    </DropdownMenuPrimitive.SubTrigger>
  );
}

export function DropdownMenuSubContent({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.SubContent>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.SubContent className={cn(panelClass, "max-h-80 overflow-y-auto", className)} {...props} />
    </DropdownMenuPrimitive.Portal>
  );
}

export interface DropdownMenuChoice {
  key: string;
  label: ReactNode;
  onSelect: () => void;
}

/**
 * A submenu of like choices ("In release…" → each release, "For…" → each duration): one item a choice, and
 * `empty` as a disabled item when there is none to offer.
 */
export function DropdownMenuSubChoices({ label, choices, empty, itemClassName }: { label: ReactNode; choices: DropdownMenuChoice[]; empty?: ReactNode; itemClassName?: string }) {
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger>{label}</DropdownMenuSubTrigger>
      <DropdownMenuSubContent>
        {choices.length === 0 && empty ? <DropdownMenuItem disabled>{empty}</DropdownMenuItem> : null}
        {choices.map((choice) => (
          <DropdownMenuItem key={choice.key} className={itemClassName} onSelect={choice.onSelect}>
            {choice.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}
