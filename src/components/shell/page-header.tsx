import type { ReactNode } from "react";
import { IdentifierText } from "@/components/ui/identifier-text";

/**
 * A page's title, description and actions. The title block may shrink (`min-w-0`), and a title given as
 * text (a project's name, often one long identifier; a description naming it) wraps after its separators,
 * never inside a word, so it does not widen the page on a phone.
 */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0 wrap-break-word">
        <h1 className="text-2xl font-semibold tracking-tight">{typeof title === "string" ? <IdentifierText value={title} /> : title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{typeof description === "string" ? <IdentifierText value={description} /> : description}</p> : null}
      </div>
      {actions ? <div className="flex gap-2">{actions}</div> : null}
    </div>
  );
}
