import type { ReactNode } from "react";

/**
 * The quiet button under a list cut short (older breadcrumbs, a cause's further frames): it shows the rest in
 * place and goes away, so it is a collapsed disclosure until then (`aria-expanded={false}`).
 */
export function ShowMoreButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-expanded={false}
      onClick={onClick}
      className="mt-1 rounded px-1 text-xs text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {children}
    </button>
  );
}
