import type { ActionState } from "@/lib/action-state";
import { cn } from "@/lib/cn";

interface ActionMessagesProps {
  state: ActionState;
  /** Added to both messages (spacing, `basis-full` in a wrapping row). */
  className?: string;
  /** Added to the error only (a long form frames it). */
  errorClassName?: string;
}

/**
 * A server action's answer where its form shows it: the error as an alert (read at once), the confirmation
 * as a status (read when the reader is idle). Renders nothing before the first answer.
 */
export function ActionMessages({ state, className, errorClassName }: ActionMessagesProps) {
  return (
    <>
      {state.error ? (
        <p role="alert" className={cn("text-sm text-danger", className, errorClassName)}>
          {state.error}
        </p>
      ) : null}
      {state.message ? (
        <p role="status" className={cn("text-sm text-muted-foreground", className)}>
          {state.message}
        </p>
      ) : null}
    </>
  );
}
