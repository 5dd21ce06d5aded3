import type { ReactNode } from "react";

interface EmptyStateProps {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}

/** What a screen shows before it has data: what is missing and the next step. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="rounded-lg border border-dashed border-border px-6 py-10 text-center">
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="mx-auto mt-2 max-w-prose text-sm text-muted-foreground">{children}</div>
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
