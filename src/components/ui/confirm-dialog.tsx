"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";

interface InPlaceDialogProps {
  /** The text of the button that opens it ("Delete…", "Edit…"). */
  trigger: ReactNode;
  title: string;
  /** What the dialog is about, read when it opens. */
  description?: ReactNode;
  /** The form that makes the change, with its own submit button. */
  children: ReactNode;
}

/**
 * A button that opens a modal dialog (focus trapped, Escape or Cancel closes) holding the form that makes a
 * change. Rendered in place rather than in a portal, so the form stays inside the list item it belongs to
 * (its messages, and pages' scoped selectors, with it).
 */
function InPlaceDialog({ trigger, title, description, children, role }: InPlaceDialogProps & { role: "dialog" | "alertdialog" }) {
  return (
    <DialogPrimitive.Root>
      <DialogPrimitive.Trigger asChild>
        <Button type="button" variant="secondary" size="sm">
          {trigger}
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        role={role}
        className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-card p-5 text-left text-sm font-normal whitespace-normal text-foreground normal-case shadow-lg outline-none"
      >
        <DialogPrimitive.Title className="pr-8 text-base font-semibold">{title}</DialogPrimitive.Title>
        {description ? <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">{description}</DialogPrimitive.Description> : null}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close asChild>
          <Button type="button" variant="ghost" size="sm" className="mt-2">
            Cancel
          </Button>
        </DialogPrimitive.Close>
        <DialogPrimitive.Close className="absolute top-3 right-3 rounded p-1 text-muted-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label="Close">
          <X aria-hidden className="h-4 w-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}

/** A destructive change asked for twice: an alert dialog (role="alertdialog") holding the form that makes it. */
export function ConfirmDialog(props: InPlaceDialogProps) {
  return <InPlaceDialog {...props} role="alertdialog" />;
}

/** A small form (editing a channel) in a dialog opened from a button, instead of a disclosure in the page. */
export function FormDialog(props: InPlaceDialogProps) {
  return <InPlaceDialog {...props} role="dialog" />;
}
