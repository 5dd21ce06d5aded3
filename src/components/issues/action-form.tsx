"use client";

import { useActionState, type ReactNode } from "react";
import { ActionMessages } from "@/components/ui/action-messages";
import type { ActionState } from "@/lib/action-state";
import { cn } from "@/lib/cn";

interface ActionFormProps {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  children: ReactNode;
  className?: string;
  /** Lets something else submit the form (the issue page's keyboard shortcuts). */
  id?: string;
  "aria-label"?: string;
  /** Where the error or confirmation appears: after the fields (default) or before them (long forms). */
  messagesAt?: "start" | "end";
}

/** A form posting to a server action, showing the action's error (role="alert") or confirmation (role="status"). */
export function ActionForm({ action, children, className, id, "aria-label": label, messagesAt = "end" }: ActionFormProps) {
  const [state, formAction, isPending] = useActionState(action, {});
  const messages = <ActionMessages state={state} className="basis-full" />;
  return (
    <form id={id} action={formAction} className={cn(className, isPending && "opacity-70")} aria-label={label} aria-busy={isPending}>
      {messagesAt === "start" ? messages : null}
      {children}
      {messagesAt === "end" ? messages : null}
    </form>
  );
}
