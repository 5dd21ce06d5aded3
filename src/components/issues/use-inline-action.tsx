"use client";

import { useState, useTransition } from "react";
import type { ActionState } from "@/lib/action-state";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

/**
 * A server action run from a control that is not a form (a toggle, a menu item): `run` posts the fields in a
 * transition, after `before` (an optimistic update, which React keeps until the action settles), and keeps
 * the action's answer for `InlineActionOutcome`.
 */
export function useInlineAction(action: Action) {
  const [state, setState] = useState<ActionState>({});
  const [isPending, startTransition] = useTransition();
  function run(fields: Record<string, string>, before?: () => void): void {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    startTransition(async () => {
      before?.();
      setState(await action({}, form));
    });
  }
  return { state, isPending, run };
}

/** Beside a small control there is no room for a confirmation: an error shows (role="alert"), a confirmation is read out only. */
export function InlineActionOutcome({ state }: { state: ActionState }) {
  return (
    <>
      {state.error ? (
        <span role="alert" className="text-sm text-danger">
          {state.error}
        </span>
      ) : null}
      {state.message ? (
        <span role="status" className="sr-only">
          {state.message}
        </span>
      ) : null}
    </>
  );
}
